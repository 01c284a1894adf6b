"""A comissão de demonstração de `make run`: três titulares e um suplente que atendem à Lei 2.552/2023 de
Afonso Cláudio (art. 8º), com login na área da comissão, e uma sessão agendada com os cotistas convocados.

Só para uso local: as senhas são fixas e impressas pelo comando `carregar_demo`.
"""

from __future__ import annotations

from datetime import date, time

from django.contrib.auth import get_user_model
from django.utils import timezone

from concursos.models import Certame, CorRaca, Escolaridade, Genero
from heteroidentificacao import services
from heteroidentificacao.models import Comissao, EstadoSessao, Membro, Papel, Sessao
from heteroidentificacao.selectors import cotistas_a_convocar

SENHA_MEMBROS = "comissao12345"
# login, nome, cor, gênero, estável, de carreira, presidente, papel, CPF
MEMBROS = [
    ("presidente", "Marta Gonçalves Pereira", CorRaca.PRETA, Genero.FEMININO, True, True, True, Papel.TITULAR,
     "52938471041"),
    ("membro2", "Edson Luiz Bravim", CorRaca.PARDA, Genero.MASCULINO, True, False, False, Papel.TITULAR,
     "71246830094"),
    ("membro3", "Cláudia Falqueto Rocha", CorRaca.BRANCA, Genero.FEMININO, False, False, False, Papel.TITULAR,
     "38561920424"),
    ("suplente", "Jorge Caliman dos Santos", CorRaca.PARDA, Genero.MASCULINO, True, True, False, Papel.SUPLENTE,
     "84027315626"),
]


def garantir_comissao(certame: Certame, usuario_rh) -> tuple[Comissao, list[str]]:
    """A comissão de primeira instância do certame, com os membros e a 1ª sessão (só se ainda não existe)."""
    existente = certame.comissoes.first()
    logins = [m[0] for m in MEMBROS]
    if existente is not None:
        # A sessão de demonstração ainda não aberta fica marcada para hoje: abri-la em outra data exigiria um motivo.
        existente.sessoes.filter(numero=1, estado=EstadoSessao.AGENDADA).exclude(
            data=timezone.localdate()).update(data=timezone.localdate())
        return existente, logins
    comissao = Comissao.objects.create(certame=certame, ato_designacao="Portaria nº 112/2025",
                                       data_designacao=date(2025, 5, 5), prazo_recurso_dias=2)
    Usuario = get_user_model()
    for login, nome, cor, genero, estavel, carreira, presidente, papel, cpf in MEMBROS:
        usuario, _ = Usuario.objects.get_or_create(username=login, defaults={"first_name": nome.split()[0]})
        usuario.set_password(SENHA_MEMBROS)
        usuario.save()
        Membro.objects.create(
            comissao=comissao, usuario=usuario, papel=papel, presidente=presidente, nome=nome, cpf=cpf,
            cor_raca=cor, genero=genero, servidor_efetivo=estavel, estavel=estavel, servidor_carreira=carreira,
            carreira="Analista administrativo" if carreira else "", reside_desde=date(2008, 2, 1),
            escolaridade=Escolaridade.SUPERIOR, formacao="Graduação em Direito",
            reputacao_declarada_em=date(2025, 5, 5), termo_assinado_em=date(2025, 5, 6))
    sessao = Sessao.objects.create(comissao=comissao, numero=1, data=timezone.localdate(), inicio=time(8, 30),
                                   local="Plenário da Câmara Municipal")
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao)[:12]), usuario=usuario_rh)
    return comissao, logins
