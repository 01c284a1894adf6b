"""Resultado provisório, recurso e resultado final (Afonso Cláudio art. 6º, § 2º; art. 9º, §§ 2º e 9º; art. 11, § 1º).

O prazo de recurso de cada candidato corre da publicação do resultado dele; o recurso contra a ausência leva, no
máximo, a uma nova convocação, nunca a uma confirmação sem ver o candidato; a ata dos recursos só diz que a gravação
foi examinada quando o acesso a ela está registrado.
"""

from __future__ import annotations

from datetime import date, time

import pytest

from concursos.models import Heteroidentificacao, Inscricao
from heteroidentificacao import services
from heteroidentificacao.models import AcessoGravacao, EstadoRecurso, Instancia, Resultado, Sessao
from heteroidentificacao.selectors import cotistas_a_convocar
from heteroidentificacao.services import ErroOperacao
from tests.heteroidentificacao.procedimento import decidir, dispensar_os_demais, gravar

pytestmark = pytest.mark.django_db

RECURSAIS = [
    ("Elisa Recursal", "preta", "feminino", True, True, True, "titular"),
    ("Fábio Recursal", "parda", "masculino", True, False, False, "titular"),
    ("Gil Recursal", "branca", "masculino", False, False, False, "titular"),
]


def _titulares(comissao):
    return list(comissao.membros.filter(papel="titular").order_by("nome"))


@pytest.fixture
def primeira_decidida(sessao, comissao, presidente, admin_user, relogio):
    """Uma sessão com um cotista não confirmado (3 a 0), os demais fora da heteroidentificação, e o resultado
    provisório publicado em 01/05/2024."""
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao))[:1], usuario=admin_user)
    dispensar_os_demais(comissao, admin_user)
    titulares = _titulares(comissao)
    services.sessao_abrir(sessao=sessao, presentes=titulares, usuario=presidente.usuario)
    avaliacao = decidir(sessao.avaliacoes.get(), presidente, [(m, False) for m in titulares])
    services.sessao_encerrar(sessao=sessao, usuario=presidente.usuario)
    relogio.ir(date(2024, 5, 1))
    services.resultado_provisorio_publicar(comissao=comissao, data=date(2024, 5, 1), usuario=admin_user)
    avaliacao.refresh_from_db()
    return avaliacao


@pytest.fixture
def recursal(certame_afonso, fazer_comissao):
    return fazer_comissao(certame_afonso, instancia=Instancia.RECURSAL, membros=RECURSAIS)


def _sessao_recursal(recursal, relogio, dia=date(2024, 5, 10)):
    relogio.ir(dia)
    return Sessao.objects.create(comissao=recursal, numero=1, data=dia, inicio=time(14, 0), local="Sala de reuniões")


def test_recurso_fora_do_prazo_nao_e_conhecido(primeira_decidida, admin_user, relogio):
    """Prazo do edital (2 dias) contado da publicação do resultado do candidato, em 01/05/2024."""
    relogio.ir(date(2024, 5, 4))
    recurso = services.recurso_protocolar(avaliacao=primeira_decidida, protocolado_em=date(2024, 5, 4),
                                          fundamentos="Sou parda, conforme fotos.", usuario=admin_user)
    assert recurso.estado == EstadoRecurso.INTEMPESTIVO


def test_recurso_antes_da_publicacao_do_resultado_do_candidato_e_recusado(sessao, comissao, presidente, admin_user,
                                                                         relogio):
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao))[:1], usuario=admin_user)
    titulares = _titulares(comissao)
    services.sessao_abrir(sessao=sessao, presentes=titulares, usuario=presidente.usuario)
    avaliacao = decidir(sessao.avaliacoes.get(), presidente, [(m, False) for m in titulares])
    with pytest.raises(ErroOperacao, match="ainda não foi publicado"):
        relogio.ir(date(2024, 4, 11))
        services.recurso_protocolar(avaliacao=avaliacao, protocolado_em=date(2024, 4, 11), fundamentos="Sou parda.",
                                    usuario=admin_user)


def test_recurso_julgado_pela_comissao_recursal_muda_o_resultado(primeira_decidida, recursal, admin_user, relogio):
    """Art. 6º, § 2º: ao menos um recurso; aqui, uma comissão recursal sem membros da primeira, que decide pela
    gravação, com o acesso registrado (art. 9º, § 2º)."""
    relogio.ir(date(2024, 5, 3))
    recurso = services.recurso_protocolar(avaliacao=primeira_decidida, protocolado_em=date(2024, 5, 3),
                                          fundamentos="Sou parda, conforme fotos.", usuario=admin_user)
    sessao = _sessao_recursal(recursal, relogio)
    with pytest.raises(ErroOperacao, match="comissão recursal"):
        services.recurso_pautar(recurso=recurso, sessao=primeira_decidida.sessao, horario=time(9, 0),
                                usuario=admin_user)
    julgamento = services.recurso_pautar(recurso=recurso, sessao=sessao, horario=time(14, 0), usuario=admin_user)
    presidente = recursal.membros.get(presidente=True)
    titulares = _titulares(recursal)
    services.sessao_abrir(sessao=sessao, presentes=titulares, usuario=presidente.usuario)
    with pytest.raises(ErroOperacao, match="gravação"):
        services.votacao_abrir(avaliacao=julgamento, candidato_saiu=False, usuario=presidente.usuario)
    with pytest.raises(ErroOperacao, match=r"exame da gravação.*art\. 9º, § 2º"):
        services.votacao_abrir(avaliacao=julgamento, candidato_saiu=True, usuario=presidente.usuario)
    decidir(julgamento, presidente, list(zip(titulares, [True, True, False], strict=True)),
            parecer="Traços pardos no conjunto, que a gravação mostra.", caracteristicas=())

    recurso.refresh_from_db()
    assert recurso.estado == EstadoRecurso.JULGADO
    acesso = AcessoGravacao.objects.get(avaliacao=primeira_decidida)
    assert acesso.usuario == presidente.usuario and "julgar o recurso" in acesso.solicitante
    inscricao = Inscricao.objects.get(pk=primeira_decidida.inscricao_id)
    assert inscricao.heteroidentificacao == Heteroidentificacao.CONFIRMADO
    with pytest.raises(ErroOperacao, match="prazo de recurso corre até 03/05/2024"):
        services.resultado_final_publicar(comissao=primeira_decidida.sessao.comissao, data=date(2024, 5, 3),
                                          usuario=admin_user)
    relogio.ir(date(2024, 5, 20))
    services.resultado_final_publicar(comissao=primeira_decidida.sessao.comissao, data=date(2024, 5, 20),
                                      usuario=admin_user)


def test_resultado_final_espera_os_recursos(primeira_decidida, admin_user, relogio):
    relogio.ir(date(2024, 5, 2))
    services.recurso_protocolar(avaliacao=primeira_decidida, protocolado_em=date(2024, 5, 2),
                                fundamentos="Sou parda.", usuario=admin_user)
    relogio.ir(date(2024, 5, 20))
    with pytest.raises(ErroOperacao, match=r"1 recurso ainda não julgado: .*Candidato"):
        services.resultado_final_publicar(comissao=primeira_decidida.sessao.comissao, data=date(2024, 5, 20),
                                          usuario=admin_user)


def test_resultado_nao_se_publica_com_data_futura(primeira_decidida, admin_user):
    with pytest.raises(ErroOperacao, match="futuro"):
        services.resultado_final_publicar(comissao=primeira_decidida.sessao.comissao, data=date(2030, 1, 1),
                                          usuario=admin_user)


def test_recursal_com_membro_da_primeira_nao_abre_sessao(primeira_decidida, recursal, relogio):
    comissao = primeira_decidida.sessao.comissao
    recursal.membros.filter(nome="Gil Recursal").update(cpf=comissao.membros.get(nome="Carla Terceira").cpf)
    sessao = _sessao_recursal(recursal, relogio)
    presidente = recursal.membros.get(presidente=True)
    with pytest.raises(ErroOperacao, match="primeira instância: Gil Recursal"):
        services.sessao_abrir(sessao=sessao, presentes=list(recursal.membros.all()), usuario=presidente.usuario)


def test_nao_confirmado_eliminado_sai_das_listas_do_certame(primeira_decidida, levar_ao_resultado, certame_afonso):
    """Afonso Cláudio art. 9º, § 10: o edital que escolheu eliminar o não confirmado (decisão 0018); o motor não o
    convoca."""
    from concursos.models import Certame
    from concursos.selectors.listas import candidatos_do_cargo

    Certame.objects.filter(pk=certame_afonso.pk).update(nao_confirmacao="eliminacao", item_nao_confirmacao="item 7.12")
    certame_afonso.refresh_from_db()
    levar_ao_resultado(certame_afonso)
    numero = primeira_decidida.inscricao.numero
    candidato = next(c for c in candidatos_do_cargo(certame_afonso.cargos.get()) if c.inscricao == numero)
    assert (candidato.situacao, candidato.reserva) == ("eliminado", False)


# --- o recurso contra a ausência ----------------------------------------------------------------------------------

@pytest.fixture
def ausente_publicado(sessao, comissao, presidente, admin_user, relogio):
    """Dois cotistas: um decidido (confirmado) e um ausente; o resultado provisório sai em 15/04/2024."""
    cotistas = list(cotistas_a_convocar(comissao))[:2]
    services.sessao_convocar(sessao=sessao, inscricoes=cotistas, usuario=admin_user)
    dispensar_os_demais(comissao, admin_user)
    titulares = _titulares(comissao)
    services.sessao_abrir(sessao=sessao, presentes=titulares, usuario=presidente.usuario)
    primeira, segunda = sessao.avaliacoes.order_by("horario")
    decidir(primeira, presidente, [(m, True) for m in titulares])
    services.avaliacao_registrar_presenca(avaliacao=segunda, compareceu=False, usuario=presidente.usuario)
    services.sessao_encerrar(sessao=sessao, usuario=presidente.usuario)
    relogio.ir(date(2024, 4, 15))
    services.resultado_provisorio_publicar(comissao=comissao, data=date(2024, 4, 15), usuario=admin_user)
    segunda.refresh_from_db()
    return segunda


def _julgar_recurso_da_ausencia(ausente, comissao, admin_user, relogio, *, provido: bool):
    """O recurso contra a ausência, julgado pela própria comissão (o edital assim define) numa 2ª sessão."""
    type(comissao).objects.filter(pk=comissao.pk).update(recursos_pela_mesma=True)
    comissao.refresh_from_db()
    relogio.ir(date(2024, 4, 16))
    recurso = services.recurso_protocolar(avaliacao=ausente, protocolado_em=date(2024, 4, 16), usuario=admin_user,
                                          fundamentos="Estive internado no dia da sessão (atestado anexo).")
    relogio.ir(date(2024, 4, 22))
    sessao = Sessao.objects.create(comissao=comissao, numero=2, data=date(2024, 4, 22), inicio=time(9, 0),
                                   local="Auditório")
    julgamento = services.recurso_pautar(recurso=recurso, sessao=sessao, horario=time(9, 0), usuario=admin_user)
    presidente = comissao.membros.get(presidente=True)
    titulares = _titulares(comissao)
    services.sessao_abrir(sessao=sessao, presentes=titulares, usuario=presidente.usuario)
    julgamento = decidir(julgamento, presidente, [(m, provido) for m in titulares])
    services.sessao_encerrar(sessao=sessao, usuario=presidente.usuario)
    return recurso, julgamento


def test_recurso_provido_contra_a_ausencia_leva_a_nova_convocacao_nunca_a_confirmacao(
        ausente_publicado, comissao, admin_user, relogio):
    """Art. 9º, § 9º e art. 6º, § 2º: a comissão nunca viu o candidato; não confirma nem deixa de confirmar."""
    _, julgamento = _julgar_recurso_da_ausencia(ausente_publicado, comissao, admin_user, relogio, provido=True)
    assert julgamento.resultado == Resultado.NOVA_CONVOCACAO
    assert not julgamento.caracteristicas
    inscricao = Inscricao.objects.get(pk=ausente_publicado.inscricao_id)
    assert inscricao.heteroidentificacao == Heteroidentificacao.PENDENTE
    assert list(cotistas_a_convocar(comissao)) == [inscricao]
    assert Inscricao.objects.filter(heteroidentificacao=Heteroidentificacao.CONFIRMADO).count() == 1


def test_recurso_contra_a_ausencia_nao_admite_tracos_nem_duvida(ausente_publicado, comissao, admin_user, relogio):
    type(comissao).objects.filter(pk=comissao.pk).update(recursos_pela_mesma=True)
    comissao.refresh_from_db()
    relogio.ir(date(2024, 4, 16))
    recurso = services.recurso_protocolar(avaliacao=ausente_publicado, protocolado_em=date(2024, 4, 16),
                                          usuario=admin_user, fundamentos="Estive internado.")
    relogio.ir(date(2024, 4, 22))
    sessao = Sessao.objects.create(comissao=comissao, numero=2, data=date(2024, 4, 22), inicio=time(9, 0),
                                   local="Auditório")
    julgamento = services.recurso_pautar(recurso=recurso, sessao=sessao, horario=time(9, 0), usuario=admin_user)
    presidente = comissao.membros.get(presidente=True)
    titulares = _titulares(comissao)
    services.sessao_abrir(sessao=sessao, presentes=titulares, usuario=presidente.usuario)
    with pytest.raises(ErroOperacao, match="fundamentos do recurso contra a ausência"):
        services.votacao_abrir(avaliacao=julgamento, candidato_saiu=False, usuario=presidente.usuario)
    services.votacao_abrir(avaliacao=julgamento, candidato_saiu=True, usuario=presidente.usuario)
    for membro in titulares:
        services.voto_registrar(avaliacao=julgamento, usuario=membro.usuario, confirma=True)
    julgamento = services.votacao_apurar(avaliacao=julgamento, usuario=presidente.usuario)
    with pytest.raises(ErroOperacao, match="não avalia o fenótipo"):
        services.parecer_registrar(avaliacao=julgamento, parecer="x" * 80, caracteristicas=["pele"],
                                   usuario=presidente.usuario)


def test_nova_convocacao_abre_nova_avaliacao_com_prazo_de_recurso_proprio(ausente_publicado, comissao, admin_user,
                                                                          relogio):
    """O candidato avaliado depois tem o prazo contado da publicação do *seu* resultado (art. 6º, § 2º): o
    resultado complementar o publica, e o final espera esse prazo."""
    _julgar_recurso_da_ausencia(ausente_publicado, comissao, admin_user, relogio, provido=True)
    relogio.ir(date(2024, 4, 29))
    terceira = Sessao.objects.create(comissao=comissao, numero=3, data=date(2024, 4, 29), inicio=time(9, 0),
                                     local="Auditório")
    inscricao = Inscricao.objects.get(pk=ausente_publicado.inscricao_id)
    [nova] = services.sessao_convocar(sessao=terceira, inscricoes=[inscricao], usuario=admin_user)
    assert nova.nova_convocacao_por_id == ausente_publicado.recurso_interposto.pk
    with pytest.raises(ErroOperacao, match="1 avaliação sem parecer"):
        services.resultado_final_publicar(comissao=comissao, data=date(2024, 4, 29), usuario=admin_user)
    presidente = comissao.membros.get(presidente=True)
    titulares = _titulares(comissao)
    services.sessao_abrir(sessao=terceira, presentes=titulares, usuario=presidente.usuario)
    nova = decidir(nova, presidente, [(m, False) for m in titulares])
    services.sessao_encerrar(sessao=terceira, usuario=presidente.usuario)
    inscricao.refresh_from_db()
    assert inscricao.heteroidentificacao == Heteroidentificacao.NAO_CONFIRMADO

    with pytest.raises(ErroOperacao, match="resultado provisório complementar"):
        services.resultado_final_publicar(comissao=comissao, data=date(2024, 4, 29), usuario=admin_user)
    relogio.ir(date(2024, 4, 30))
    services.resultado_provisorio_publicar(comissao=comissao, data=date(2024, 4, 30), usuario=admin_user)
    nova.refresh_from_db()
    assert nova.resultado_publicado_em == date(2024, 4, 30)
    comissao.refresh_from_db()
    assert comissao.resultado_provisorio_em == date(2024, 4, 15), "o primeiro resultado provisório não muda"

    # Avaliado depois, o candidato recorre no prazo dele, que o resultado de 15/04 já não daria.
    relogio.ir(date(2024, 5, 2))
    recurso = services.recurso_protocolar(avaliacao=nova, protocolado_em=date(2024, 5, 2), usuario=admin_user,
                                          fundamentos="Sou pardo, conforme a gravação.")
    assert recurso.estado == EstadoRecurso.PROTOCOLADO
    relogio.ir(date(2024, 5, 2))
    with pytest.raises(ErroOperacao, match="1 recurso ainda não julgado"):
        services.resultado_final_publicar(comissao=comissao, data=date(2024, 5, 2), usuario=admin_user)


def test_depois_do_resultado_provisorio_so_se_convoca_quem_o_recurso_mandou(ausente_publicado, comissao, admin_user,
                                                                           relogio):
    """Art. 9º, § 7º: a convocação é de todos os cotistas aprovados até então, antes do resultado."""
    dispensado = comissao.dispensas.first().inscricao
    relogio.ir(date(2024, 4, 29))
    outra = Sessao.objects.create(comissao=comissao, numero=3, data=date(2024, 4, 29), inicio=time(9, 0),
                                  local="Auditório")
    with pytest.raises(ErroOperacao, match="fora da heteroidentificação"):
        services.sessao_convocar(sessao=outra, inscricoes=[dispensado], usuario=admin_user)
    decidido = Inscricao.objects.get(heteroidentificacao=Heteroidentificacao.CONFIRMADO)
    with pytest.raises(ErroOperacao, match="só se convoca quem um recurso contra a ausência mandou avaliar"):
        services.sessao_convocar(sessao=outra, inscricoes=[decidido], usuario=admin_user)


def test_sem_registro_de_acesso_a_ata_nao_diz_que_a_gravacao_foi_examinada(primeira_decidida, recursal, admin_user,
                                                                          relogio, settings):
    """Art. 9º, § 2º: numa lei sem filmagem obrigatória, a votação do recurso abre sem exame registrado, e a ata
    diz que não há registro de acesso à gravação."""
    from heteroidentificacao.documentos import contexto_ata_recursos

    lei = primeira_decidida.sessao.comissao.certame.lei
    type(lei).objects.filter(pk=lei.pk).update(gravacao=False)
    relogio.ir(date(2024, 5, 2))
    recurso = services.recurso_protocolar(avaliacao=primeira_decidida, protocolado_em=date(2024, 5, 2),
                                          fundamentos="Sou parda.", usuario=admin_user)
    sessao = _sessao_recursal(recursal, relogio)
    julgamento = services.recurso_pautar(recurso=recurso, sessao=sessao, horario=time(14, 0), usuario=admin_user)
    presidente = recursal.membros.get(presidente=True)
    titulares = _titulares(recursal)
    services.sessao_abrir(sessao=sessao, presentes=titulares, usuario=presidente.usuario)
    services.votacao_abrir(avaliacao=julgamento, candidato_saiu=True, usuario=presidente.usuario)
    for membro in titulares:
        services.voto_registrar(avaliacao=julgamento, usuario=membro.usuario, confirma=False)
    julgamento = services.votacao_apurar(avaliacao=julgamento, usuario=presidente.usuario)
    services.parecer_registrar(avaliacao=julgamento, caracteristicas=["pele"], usuario=presidente.usuario,
                               parecer="Pele clara e traços finos, como na avaliação recorrida, sem o fenótipo pardo.")
    services.sessao_encerrar(sessao=sessao, usuario=presidente.usuario)
    [linha] = contexto_ata_recursos(sessao)["julgamentos"]
    assert linha.exame == "Não há registro de que a comissão tenha examinado a gravação da avaliação recorrida."
    assert not AcessoGravacao.objects.exists()


def test_gravacao_de_decisao_registrada_nao_se_substitui(primeira_decidida, presidente):
    """Art. 9º, § 2º: a gravação que fundamenta uma decisão já registrada não se troca."""
    with pytest.raises(ErroOperacao, match="já foi registrada"):
        gravar(primeira_decidida, presidente, referencia="Outro arquivo.mp4")


def test_acesso_pedido_pelo_candidato_nao_vale_como_exame_da_comissao(primeira_decidida, recursal, admin_user,
                                                                     relogio):
    """Art. 9º, § 2º: a gravação pode ser requerida pelo candidato; esse acesso, registrado pelo RH, não é o exame da
    comissão que julga o recurso, e nem abre a votação nem faz a ata dizer que ela a examinou."""
    relogio.ir(date(2024, 5, 2))
    recurso = services.recurso_protocolar(avaliacao=primeira_decidida, protocolado_em=date(2024, 5, 2),
                                          fundamentos="Sou parda.", usuario=admin_user)
    services.gravacao_acessar(avaliacao=primeira_decidida, usuario=admin_user, solicitante="O candidato",
                              fundamento="Pedido do candidato para instruir o recurso protocolado.")
    sessao = _sessao_recursal(recursal, relogio)
    julgamento = services.recurso_pautar(recurso=recurso, sessao=sessao, horario=time(14, 0), usuario=admin_user)
    presidente = recursal.membros.get(presidente=True)
    services.sessao_abrir(sessao=sessao, presentes=_titulares(recursal), usuario=presidente.usuario)
    with pytest.raises(ErroOperacao, match="Registre o exame da gravação"):
        services.votacao_abrir(avaliacao=julgamento, candidato_saiu=True, usuario=presidente.usuario)


def test_protocolo_no_futuro_ou_antes_da_publicacao_e_recusado(primeira_decidida, admin_user):
    with pytest.raises(ErroOperacao, match="não pode estar no futuro"):
        services.recurso_protocolar(avaliacao=primeira_decidida, protocolado_em=date(2024, 5, 2),
                                    fundamentos="Sou parda.", usuario=admin_user)
    with pytest.raises(ErroOperacao, match="anterior à publicação do resultado do candidato, em 01/05/2024"):
        services.recurso_protocolar(avaliacao=primeira_decidida, protocolado_em=date(2024, 4, 30),
                                    fundamentos="Sou parda.", usuario=admin_user)


def test_depois_do_resultado_final_nao_cabe_recurso(primeira_decidida, admin_user, relogio):
    """Art. 6º, § 2º: o recurso cabe no prazo, e o resultado final, depois de todos eles, não muda mais."""
    relogio.ir(date(2024, 5, 20))
    services.resultado_final_publicar(comissao=primeira_decidida.sessao.comissao, data=date(2024, 5, 20),
                                      usuario=admin_user)
    with pytest.raises(ErroOperacao, match="não cabe mais recurso"):
        services.recurso_protocolar(avaliacao=primeira_decidida, protocolado_em=date(2024, 5, 2),
                                    fundamentos="Protocolo com data de antes, registrado depois.", usuario=admin_user)


def test_julgamento_de_recurso_nao_recebe_gravacao_propria(primeira_decidida, recursal, admin_user, relogio):
    """O recurso é julgado pela gravação da avaliação recorrida (art. 9º, § 2º): a do julgamento não se troca."""
    relogio.ir(date(2024, 5, 2))
    recurso = services.recurso_protocolar(avaliacao=primeira_decidida, protocolado_em=date(2024, 5, 2),
                                          fundamentos="Sou parda.", usuario=admin_user)
    sessao = _sessao_recursal(recursal, relogio)
    julgamento = services.recurso_pautar(recurso=recurso, sessao=sessao, horario=time(14, 0), usuario=admin_user)
    with pytest.raises(ErroOperacao, match="julgado pela gravação da avaliação recorrida"):
        gravar(julgamento, recursal.membros.get(presidente=True), referencia="Outra filmagem.mp4")


def test_a_lista_do_protocolo_a_ficha_e_o_servico_concordam_sobre_o_que_admite_recurso(primeira_decidida, comissao,
                                                                                       admin_user, relogio):
    """Uma regra só (heteroidentificacao.selectors.CONDICOES_DO_RECURSO) em todas as combinações: o resultado, a
    publicação, o resultado final e um recurso já interposto."""
    from itertools import product

    from django.db import transaction

    from heteroidentificacao.models import Avaliacao, Recurso
    from heteroidentificacao.selectors import condicoes_do_recurso_que_faltam, decisoes_recorriveis

    relogio.ir(date(2024, 5, 2))
    combinacoes = product(Resultado.values, (None, date(2024, 5, 1)), (None, date(2024, 5, 2)), (False, True))
    for resultado, publicado_em, final_em, interposto in combinacoes:
        with transaction.atomic():
            Avaliacao.objects.filter(pk=primeira_decidida.pk).update(resultado=resultado,
                                                                     resultado_publicado_em=publicado_em)
            type(comissao).objects.filter(pk=comissao.pk).update(resultado_final_em=final_em)
            if interposto:
                Recurso.objects.create(avaliacao=primeira_decidida, protocolado_em=date(2024, 5, 1),
                                       fundamentos="Anterior.", estado=EstadoRecurso.PROTOCOLADO,
                                       registrado_por=admin_user)
            avaliacao = Avaliacao.objects.get(pk=primeira_decidida.pk)
            na_lista = decisoes_recorriveis(Avaliacao.objects.all()).filter(pk=avaliacao.pk).exists()
            na_ficha = not condicoes_do_recurso_que_faltam(avaliacao)
            try:
                with transaction.atomic():
                    services.recurso_protocolar(avaliacao=avaliacao, protocolado_em=date(2024, 5, 2),
                                                fundamentos="Sou parda.", usuario=admin_user)
                aceito = True
            except ErroOperacao:
                aceito = False
            esperado = (resultado in (Resultado.NAO_CONFIRMADO, Resultado.AUSENTE) and publicado_em is not None
                        and final_em is None and not interposto)
            assert (na_lista, na_ficha, aceito) == (esperado,) * 3, (resultado, publicado_em, final_em, interposto)
            transaction.set_rollback(True)
