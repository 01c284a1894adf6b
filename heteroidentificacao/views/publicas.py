"""A página pública da comissão de um certame, sem login.

Até a publicação do resultado, os nomes dos membros são sigilosos (Afonso Cláudio art. 11, § 1º) e a página
não lista ninguém; depois, lista nome, papel e presidência, com o currículo de cada um que já foi entregue
(art. 11, § 3º): a página nunca diz que um currículo está publicado quando não está.
CPF, cor ou raça e gênero dos membros nunca aparecem aqui.
"""

from __future__ import annotations

from django.http import FileResponse, Http404
from django.shortcuts import get_object_or_404, render
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from concursos.models import Certame, EstadoCertame
from heteroidentificacao.models import Membro


@require_GET
def comissao_publica(request, certame_id: int):
    certame = get_object_or_404(Certame.objects.exclude(estado=EstadoCertame.RASCUNHO)
                                .select_related("orgao", "municipio", "lei__municipio"), pk=certame_id)
    comissoes = []
    for comissao in certame.comissoes.all():
        desde = comissao.nomes_publicos_desde
        membros = list(comissao.membros.only("nome", "papel", "presidente", "curriculo")) if desde else None
        comissoes.append((comissao, membros, desde, bool(membros) and all(m.curriculo for m in membros)))
    return render(request, "heteroidentificacao/publica.html",
                  {"certame": certame, "lei": certame.lei, "comissoes": comissoes})


@require_GET
def curriculo(request, certame_id: int, membro_id: int):
    """O currículo em PDF, só depois que os nomes se tornam públicos: antes disso, 404 (art. 11, § 1º)."""
    membro = get_object_or_404(Membro.objects.select_related("comissao"), pk=membro_id,
                               comissao__certame_id=certame_id)
    if not membro.comissao.nomes_publicos or not membro.curriculo:
        raise Http404("Currículo não publicado.")
    return FileResponse(membro.curriculo.open("rb"), content_type="application/pdf",
                        filename=f"curriculo-{slugify(membro.nome)}.pdf")
