"""O registro de acessos (LGPD art. 37) nas telas da heteroidentificação: a avaliação (resultado, parecer, traços),
o recurso (a decisão recorrida, os fundamentos) e a apuração de fraude mostram o dado a quem os vê, com ou sem a
permissão da cor ou raça. A ficha, a lista das versões do histórico e cada versão gravam uma linha cada, com a
conta, o órgão, a tela e o titular, para o encarregado de dados (art. 41) e o relatório do titular (art. 18)."""

from datetime import date

import pytest
from django.urls import reverse

from heteroidentificacao import services
from heteroidentificacao.models import Papel
from heteroidentificacao.selectors import cotistas_a_convocar
from nucleo.models import AcessoSensivel, TipoAcesso
from tests.concursos.test_registro_de_acessos import cliente
from tests.heteroidentificacao.procedimento import PARECER_NAO_CONFIRMA, decidir, dispensar_os_demais

pytestmark = pytest.mark.django_db

FUNDAMENTOS = "Sou parda, como mostram as fotografias anexadas ao recurso."
FATOS = "Denúncia com fotografias incompatíveis com a autodeclaração."


@pytest.fixture
def registros(sessao, comissao, presidente, admin_user, relogio) -> dict:
    """Uma avaliação não confirmada e publicada, o recurso contra ela e a apuração de fraude de outro cotista."""
    cotistas = list(cotistas_a_convocar(comissao))
    avaliacao = services.sessao_convocar(sessao=sessao, inscricoes=cotistas[:1], usuario=admin_user)[0]
    dispensar_os_demais(comissao, admin_user)
    titulares = list(comissao.membros.filter(papel=Papel.TITULAR))
    services.sessao_abrir(sessao=sessao, presentes=titulares, usuario=presidente.usuario)
    avaliacao = decidir(avaliacao, presidente, [(m, False) for m in titulares])
    services.sessao_encerrar(sessao=sessao, usuario=presidente.usuario)
    relogio.ir(date(2024, 5, 1))
    services.resultado_provisorio_publicar(comissao=comissao, data=date(2024, 5, 1), usuario=admin_user)
    relogio.ir(date(2024, 5, 2))
    recurso = services.recurso_protocolar(avaliacao=avaliacao, protocolado_em=date(2024, 5, 2),
                                          fundamentos=FUNDAMENTOS, usuario=admin_user)
    fraude = services.fraude_instaurar(inscricao=cotistas[1], data=date(2024, 5, 2), ato="Portaria nº 9/2024",
                                       fatos=FATOS, usuario=admin_user)
    AcessoSensivel.objects.all().delete()
    # O registro, a inscrição do titular e o dado sensível que a ficha mostra.
    return {"avaliacao": (avaliacao, avaliacao.inscricao, PARECER_NAO_CONFIRMA),
            "recurso": (recurso, avaliacao.inscricao, FUNDAMENTOS),
            "procedimentofraude": (fraude, fraude.inscricao, FATOS)}


@pytest.mark.parametrize("modelo", ["avaliacao", "recurso", "procedimentofraude"])
def test_ficha_historico_e_versao_antiga_gravam_para_quem_nao_tem_a_permissao_da_cor(registros, modelo):
    objeto, inscricao, dado = registros[modelo]
    versao = objeto.history.latest("history_date")
    paginas = {
        "ficha": reverse(f"admin:heteroidentificacao_{modelo}_change", args=[objeto.pk]),
        "historico": reverse(f"admin:heteroidentificacao_{modelo}_history", args=[objeto.pk]),
        "versao": reverse(f"admin:heteroidentificacao_{modelo}_simple_history", args=[objeto.pk, versao.history_id]),
    }
    controle = cliente(grupo="Órgão de controle")
    for nome, pagina in paginas.items():
        resposta = controle.get(pagina)
        assert resposta.status_code == 200, pagina
        if nome != "historico":
            assert dado in resposta.content.decode(), pagina
    acessos = list(AcessoSensivel.objects.order_by("pk"))
    assert [(a.tipo, a.tela) for a in acessos] == [
        (TipoAcesso.FICHA, paginas["ficha"]), (TipoAcesso.HISTORICO, paginas["historico"]),
        (TipoAcesso.HISTORICO, paginas["versao"])]
    for acesso in acessos:
        assert (acesso.titular_id, acesso.orgao_id, acesso.modelo, acesso.objeto_id, acesso.quantidade,
                acesso.usuario_id) == (inscricao.candidato_id, inscricao.certame.orgao_id,
                                       f"heteroidentificacao.{modelo}", objeto.pk, 1, acessos[0].usuario_id)
    assert acessos[1].descricao.endswith(": histórico")
    assert ": versão de " in acessos[2].descricao
