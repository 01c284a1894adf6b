"""Os membros da comissão: só contas criadas para a comissão votam (nunca a do RH nem a de um superusuário), e quem
já se sentou numa sessão não muda mais o que a lei confere (Afonso Cláudio art. 8º; art. 11)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.urls import reverse

from heteroidentificacao import services
from heteroidentificacao.admin.formularios import MembroForm
from heteroidentificacao.models import CAMPOS_CONFERIDOS, Papel
from tests.conftest import municipio
from tests.heteroidentificacao.conftest import criar_membro

pytestmark = pytest.mark.django_db

Usuario = get_user_model()


@pytest.fixture
def contas(db):
    rh = Usuario.objects.create_user("rh-da-camara", password="senha-rh-123", is_staff=True)
    chefe = Usuario.objects.create_superuser("chefe", password="senha-chefe-123")
    com_grupo = Usuario.objects.create_user("operador", password="senha-op-123")
    com_grupo.groups.add(Group.objects.create(name="Recursos humanos"))
    da_comissao = Usuario.objects.create_user("membro.novo", password="senha-membro-123")
    return rh, chefe, com_grupo, da_comissao


def test_so_contas_da_comissao_podem_ser_ligadas_a_um_membro(contas):
    rh, chefe, com_grupo, da_comissao = contas
    opcoes = set(MembroForm().fields["usuario"].queryset)
    assert da_comissao in opcoes
    assert not {rh, chefe, com_grupo} & opcoes


def test_o_autocomplete_do_admin_nao_oferece_a_conta_do_rh(admin_client, contas):
    rh, chefe, com_grupo, da_comissao = contas
    resposta = admin_client.get(reverse("admin:autocomplete"), {
        "app_label": "heteroidentificacao", "model_name": "membro", "field_name": "usuario", "term": ""})
    nomes = {item["text"] for item in resposta.json()["results"]}
    assert da_comissao.username in nomes
    assert not {rh.username, chefe.username, com_grupo.username} & nomes


def test_formulario_recusa_ligar_a_conta_do_rh_mesmo_forjado(comissao, contas):
    rh, *_ = contas
    membro = comissao.membros.get(nome="Carla Terceira")
    dados = {campo: getattr(membro, campo) for campo in MembroForm._meta.fields if campo not in {"curriculo",
                                                                                              "termo_assinado"}}
    dados.update(usuario=rh.pk, comissao=comissao.pk)
    form = MembroForm(dados, instance=membro)
    assert not form.is_valid()
    assert "usuario" in form.errors


def test_membro_que_se_sentou_numa_sessao_fica_congelado(sessao, comissao, presidente):
    """A composição conferida na abertura (art. 8º) não pode ser reescrita depois: cor ou raça, vínculo, requisitos,
    papel e login ficam como estavam, mesmo num POST forjado; o nome e o currículo continuam editáveis."""
    titulares = list(comissao.membros.filter(papel=Papel.TITULAR))
    services.sessao_abrir(sessao=sessao, presentes=titulares, usuario=presidente.usuario)
    bruno = comissao.membros.get(nome="Bruno Segundo")
    assert bruno.congelado
    dados = {campo: getattr(bruno, campo) for campo in MembroForm._meta.fields if campo not in {"curriculo",
                                                                                             "termo_assinado"}}
    dados.update(usuario=bruno.usuario_id, cor_raca="branca", estavel=False, nome="Bruno Segundo da Silva")
    form = MembroForm(dados, instance=bruno)
    assert all(form.fields[campo].disabled for campo in CAMPOS_CONFERIDOS)
    assert form.is_valid(), form.errors
    form.save()
    bruno.refresh_from_db()
    assert (bruno.cor_raca, bruno.estavel, bruno.nome) == ("parda", True, "Bruno Segundo da Silva")


def test_membro_que_ainda_nao_se_sentou_pode_ser_corrigido(comissao):
    davi = comissao.membros.get(nome="Davi Suplente")
    assert not davi.congelado
    assert not MembroForm(instance=davi).fields["cor_raca"].disabled


def test_membro_novo_nao_esta_congelado(comissao):
    novo = criar_membro(comissao, "Gabi Nova", "parda", "feminino", True, False, False, Papel.SUPLENTE)
    assert not novo.congelado


def test_ficha_da_comissao_mostra_os_dados_congelados_sem_campo_editavel(admin_client, sessao, comissao, presidente):
    services.sessao_abrir(sessao=sessao, presentes=list(comissao.membros.filter(papel=Papel.TITULAR)),
                          usuario=presidente.usuario)
    html = admin_client.get(reverse("admin:heteroidentificacao_comissao_change", args=[comissao.pk])).content.decode()
    assert "Congelado: o membro já participou de sessão" in html


def test_nem_fora_do_admin_se_reescreve_o_membro_que_se_sentou(sessao, comissao, presidente):
    from django.core.exceptions import ValidationError

    services.sessao_abrir(sessao=sessao, presentes=list(comissao.membros.filter(papel=Papel.TITULAR)),
                          usuario=presidente.usuario)
    carla = comissao.membros.get(nome="Carla Terceira")
    carla.cor_raca = "parda"
    with pytest.raises(ValidationError, match="cor ou raça"):
        carla.save()


def test_depois_da_primeira_sessao_os_titulares_nao_mudam(sessao, comissao, presidente):
    """Art. 9º, § 4º: a maioria absoluta se conta sobre os titulares; mudá-los no meio do procedimento mudaria a
    maioria de uma votação para outra. Suplentes ainda podem entrar."""
    from django.core.exceptions import ValidationError

    services.sessao_abrir(sessao=sessao, presentes=list(comissao.membros.filter(papel=Papel.TITULAR)),
                          usuario=presidente.usuario)
    with pytest.raises(ValidationError, match="os titulares não mudam mais"):
        criar_membro(comissao, "Hélio Novo", "parda", "masculino", True, False, False, Papel.TITULAR)
    davi = comissao.membros.get(nome="Davi Suplente")
    davi.papel = Papel.TITULAR
    with pytest.raises(ValidationError, match="os titulares não mudam mais"):
        davi.save()
    assert criar_membro(comissao, "Íris Nova", "preta", "feminino", True, False, False, Papel.SUPLENTE).pk


def test_titular_nao_sai_da_comissao_depois_da_primeira_sessao(sessao, comissao, presidente):
    """Art. 9º, § 4º: apagar um titular ausente, com a sessão aberta, mudaria a maioria da próxima votação."""
    from django.core.exceptions import ValidationError

    bruno, carla, ana = (comissao.membros.get(nome__startswith=n) for n in ("Bruno", "Carla", "Ana"))
    services.sessao_abrir(sessao=sessao, presentes=[ana, bruno, carla], usuario=presidente.usuario)
    with pytest.raises(ValidationError, match="não pode ser removido"):
        carla.delete()
    assert comissao.membros.filter(pk=carla.pk).exists()


def test_conta_do_presidente_que_ganhou_acesso_ao_admin_nao_conduz(sessao, comissao, presidente):
    """Quem conduz a comissão entra com uma conta só dela (senão o admin inteiro estaria atrás do voto secreto)."""
    from heteroidentificacao.services import ErroOperacao

    type(presidente.usuario).objects.filter(pk=presidente.usuario_id).update(is_superuser=True)
    presidente.usuario.refresh_from_db()
    with pytest.raises(ErroOperacao, match="ganhou acesso ao admin"):
        services.sessao_abrir(sessao=sessao, presentes=list(comissao.membros.filter(papel=Papel.TITULAR)),
                              usuario=presidente.usuario)


def test_o_rh_de_um_orgao_so_liga_ao_membro_as_contas_do_orgao(comissao, contas, certame_afonso, fazer_comissao):
    """LGPD art. 6º, III: o campo da conta do membro oferece (e aceita) as contas lotadas nos órgãos do RH e as que já
    servem às comissões deles — continuam ligadas quando o RH salva a comissão —, e não as de outro órgão."""
    from django.contrib import admin
    from django.test import RequestFactory

    from concursos.models import Certame
    from heteroidentificacao.models import Comissao
    from nucleo.models import Lotacao, Orgao
    from tests.conftest import lotar_em_todos

    rh, _, _, livre = contas
    lotar_em_todos(rh)
    rh.user_permissions.set(Permission.objects.filter(codename__in=["change_comissao", "change_membro"]))
    lotada = Usuario.objects.create_user("membro.lotado", password="senha-membro-123")
    Lotacao.objects.create(usuario=lotada, orgao=certame_afonso.orgao)
    outro = Orgao.objects.create(nome="Prefeitura de Iúna", municipio=municipio("Iúna", "ES"))
    de_outro = fazer_comissao(Certame.objects.create(orgao=outro, numero_edital="9/2024", titulo="Outro",
                                                     data_edital=certame_afonso.data_edital))
    requisicao = RequestFactory().get("/admin/")
    requisicao.user = Usuario.objects.get(pk=rh.pk)
    formset, _ = next(iter(admin.site._registry[Comissao].get_formsets_with_inlines(requisicao, comissao)))
    opcoes = set(formset(instance=comissao).empty_form.fields["usuario"].queryset)
    assert {lotada, *(m.usuario for m in comissao.membros.exclude(usuario=None))} == opcoes
    assert not {livre, *(m.usuario for m in de_outro.membros.all())} & opcoes
