"""Verificação em duas etapas (TOTP) no admin. Exigida de quem vê cor ou raça e deficiência (LGPD art. 11: dados
sensíveis; art. 46: medidas de segurança), de quem cadastra ou altera usuários e dos superusuários; opcional para os
demais. Uma sessão aberta só com a senha não chega a nenhuma tela do admin, nem por URL digitada à mão."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.urls import reverse
from django_otp.oath import totp
from django_otp.plugins.otp_totp.models import TOTPDevice

from acesso.segundo_fator import chave_legivel, exige_segundo_fator
from tests.acesso.conftest import SENHA

ADMIN = reverse("admin:index")
CODIGO = reverse("acesso:codigo")
ATIVAR = reverse("acesso:ativar")


@pytest.fixture
def relogio(time_machine):
    time_machine.move_to("2025-06-02 09:00 -03:00", tick=False)
    return time_machine


def com_permissao(usuario, codigo: str):
    app, codename = codigo.split(".")
    usuario.user_permissions.add(Permission.objects.get(content_type__app_label=app, codename=codename))
    return get_user_model().objects.get(pk=usuario.pk)


@pytest.fixture
def servidora_do_rh_com_cor_raca(servidora_do_rh):
    return com_permissao(servidora_do_rh, "concursos.ver_dados_sensiveis")


def autenticador(usuario) -> TOTPDevice:
    return TOTPDevice.objects.create(user=usuario, name="Celular", confirmed=True)


def codigo_de(dispositivo: TOTPDevice, passos: int = 0) -> str:
    return f"{totp(dispositivo.bin_key, drift=passos):06d}"


def entrar_com_a_senha(client, usuario):
    resposta = client.post(reverse("admin:login"), {"username": usuario.username, "password": SENHA})
    assert resposta.status_code == 302


@pytest.mark.parametrize("permissao", ["concursos.ver_dados_sensiveis", "auth.change_user", "auth.add_user"])
def test_exigida_de_quem_ve_dados_sensiveis_ou_administra_usuarios(servidora_do_rh, permissao):
    assert not exige_segundo_fator(servidora_do_rh)
    assert exige_segundo_fator(com_permissao(servidora_do_rh, permissao))


def test_exigida_do_superusuario_e_pela_permissao_que_vem_do_grupo(servidora_do_rh, admin_user):
    from django.contrib.auth.models import Group

    assert exige_segundo_fator(admin_user)
    grupo = Group.objects.create(name="Recursos humanos")
    grupo.permissions.add(Permission.objects.get(codename="ver_dados_sensiveis"))
    servidora_do_rh.groups.add(grupo)
    assert exige_segundo_fator(get_user_model().objects.get(pk=servidora_do_rh.pk))


def test_quem_precisa_e_nao_tem_ativa_com_qr_code_e_chave_e_confirma_com_o_primeiro_codigo(
        client, servidora_do_rh_com_cor_raca, relogio):
    entrar_com_a_senha(client, servidora_do_rh_com_cor_raca)
    resposta = client.get(reverse("admin:concursos_inscricao_changelist"))
    assert resposta.status_code == 302 and resposta["Location"].startswith(ATIVAR)

    pagina = client.get(resposta["Location"]).text
    assert "Ativar a verificação em duas etapas" in pagina
    assert "dados pessoais sensíveis" in pagina
    assert 'src="data:image/svg+xml' in pagina
    dispositivo = TOTPDevice.objects.get(user=servidora_do_rh_com_cor_raca, confirmed=False)
    assert f'<code class="chave-totp">{chave_legivel(dispositivo)}</code>' in pagina

    errado = client.post(ATIVAR, {"codigo": "000000", "next": ADMIN})
    assert "Código errado ou vencido" in errado.text
    relogio.shift(timedelta(seconds=31))
    certo = client.post(ATIVAR, {"codigo": codigo_de(dispositivo), "next": ADMIN})
    assert certo.status_code == 302 and certo["Location"] == ADMIN
    assert client.get(ADMIN).status_code == 200
    dispositivo.refresh_from_db()
    assert dispositivo.confirmed


def test_quem_nao_precisa_entra_so_com_a_senha(client, servidora_do_rh):
    entrar_com_a_senha(client, servidora_do_rh)
    assert client.get(ADMIN).status_code == 200


def test_quem_ativou_por_opcao_tambem_digita_o_codigo(client, servidora_do_rh):
    dispositivo = autenticador(servidora_do_rh)
    entrar_com_a_senha(client, servidora_do_rh)
    assert client.get(ADMIN)["Location"].startswith(CODIGO)
    assert client.post(CODIGO, {"codigo": codigo_de(dispositivo)})["Location"] == ADMIN
    assert client.get(ADMIN).status_code == 200


@pytest.mark.parametrize("url", [ADMIN, reverse("admin:concursos_inscricao_changelist"),
                                 reverse("admin:concursos_candidato_changelist"),
                                 reverse("admin:auth_user_add"), "/admin/concursos/inscricao/1/change/"])
def test_so_com_a_senha_nenhuma_url_do_admin_abre(client, admin_user, url):
    admin_user.set_password(SENHA)
    admin_user.save()
    autenticador(admin_user)
    entrar_com_a_senha(client, admin_user)
    resposta = client.get(url)
    assert resposta.status_code == 302 and resposta["Location"].startswith(CODIGO)


def test_so_com_a_senha_nao_se_cadastra_outro_aplicativo_por_cima(client, servidora_do_rh_com_cor_raca):
    """Quem roubou a senha não troca o aplicativo da vítima pelo seu."""
    autenticador(servidora_do_rh_com_cor_raca)
    entrar_com_a_senha(client, servidora_do_rh_com_cor_raca)
    resposta = client.get(ATIVAR)
    assert resposta.status_code == 302 and resposta["Location"].startswith(CODIGO)
    assert client.post(ATIVAR, {"codigo": "123456"}).status_code == 302
    assert TOTPDevice.objects.filter(user=servidora_do_rh_com_cor_raca).count() == 1


def test_o_mesmo_codigo_nao_vale_duas_vezes(client, servidora_do_rh_com_cor_raca, relogio):
    dispositivo = autenticador(servidora_do_rh_com_cor_raca)
    entrar_com_a_senha(client, servidora_do_rh_com_cor_raca)
    codigo = codigo_de(dispositivo)
    assert client.post(CODIGO, {"codigo": codigo})["Location"] == ADMIN

    outro = client.__class__()
    entrar_com_a_senha(outro, servidora_do_rh_com_cor_raca)
    relogio.shift(timedelta(seconds=5))
    assert "Código errado ou vencido" in outro.post(CODIGO, {"codigo": codigo}).text
    assert outro.get(ADMIN).status_code == 302


def test_codigo_errado_seguido_do_certo_na_hora_espera_alguns_segundos(client, servidora_do_rh_com_cor_raca,
                                                                       relogio):
    dispositivo = autenticador(servidora_do_rh_com_cor_raca)
    entrar_com_a_senha(client, servidora_do_rh_com_cor_raca)
    assert "Código errado ou vencido" in client.post(CODIGO, {"codigo": "000000"}).text
    resposta = client.post(CODIGO, {"codigo": codigo_de(dispositivo)})
    assert "Muitos códigos errados seguidos: espere 1 segundo" in resposta.text
    relogio.shift(timedelta(seconds=2))
    assert client.post(CODIGO, {"codigo": codigo_de(dispositivo)})["Location"] == ADMIN


def test_cinco_codigos_errados_bloqueiam_e_encerram_a_sessao(client, servidora_do_rh_com_cor_raca, relogio):
    """O código errado conta como tentativa de login errada: quem tem a senha não adivinha os 6 dígitos."""
    autenticador(servidora_do_rh_com_cor_raca)
    entrar_com_a_senha(client, servidora_do_rh_com_cor_raca)
    for _ in range(4):
        relogio.shift(timedelta(seconds=20))
        assert client.post(CODIGO, {"codigo": "000000"}).status_code == 200
    relogio.shift(timedelta(seconds=20))
    resposta = client.post(CODIGO, {"codigo": "000000"})
    assert resposta.status_code == 429
    assert "Acesso bloqueado: foram 5 tentativas de entrar com senha ou código errado" in resposta.text
    assert "_auth_user_id" not in client.session

    resposta = client.post(reverse("admin:login"), {"username": "servidora", "password": SENHA})
    assert resposta.status_code == 429, "nem a senha certa passa durante o bloqueio"


def test_codigo_com_letras_ou_tamanho_errado_e_recusado_em_portugues(client, servidora_do_rh):
    autenticador(servidora_do_rh)
    entrar_com_a_senha(client, servidora_do_rh)
    assert "O código tem 6 dígitos, só números." in client.post(CODIGO, {"codigo": "12a456"}).text
    assert "Digite o código de 6 dígitos" in client.post(CODIGO, {"codigo": ""}).text


def test_depois_do_codigo_nao_volta_para_outro_site(client, servidora_do_rh):
    dispositivo = autenticador(servidora_do_rh)
    entrar_com_a_senha(client, servidora_do_rh)
    resposta = client.post(CODIGO, {"codigo": codigo_de(dispositivo), "next": "https://golpe.example/admin/"})
    assert resposta["Location"] == ADMIN


def test_senhas_fracas_recusadas_com_mensagens_em_portugues(admin_client):
    """AUTH_PASSWORD_VALIDATORS: tamanho mínimo, senhas comuns, só números, parecida com o usuário."""
    resposta = admin_client.post(reverse("admin:auth_user_add"), {
        "username": "novo", "password1": "12345678", "password2": "12345678", "usable_password": "true"})
    assert resposta.status_code == 200
    assert "Esta senha é muito comum." in resposta.text
    assert "Esta senha é inteiramente numérica." in resposta.text


def test_no_admin_o_autenticador_perdido_se_apaga_mas_a_chave_nunca_aparece(admin_client, servidora_do_rh):
    """Quem perdeu o celular cadastra outro no próximo login; ninguém copia a chave de outra pessoa pelo admin."""
    dispositivo = autenticador(servidora_do_rh)
    lista = admin_client.get(reverse("admin:acesso_autenticador_changelist"))
    assert lista.status_code == 200
    assert "Aplicativos autenticadores" in lista.text and "servidora" in lista.text
    assert dispositivo.key not in lista.text and chave_legivel(dispositivo) not in lista.text
    ficha = reverse("admin:acesso_autenticador_change", args=[dispositivo.pk])
    assert admin_client.get(ficha).status_code == 403
    assert admin_client.get(f"/admin/otp_totp/totpdevice/{dispositivo.pk}/change/").status_code == 404

    admin_client.post(reverse("admin:acesso_autenticador_changelist"),
                      {"action": "delete_selected", "_selected_action": [dispositivo.pk], "post": "yes"})
    assert not TOTPDevice.objects.filter(pk=dispositivo.pk).exists()


def test_quem_entra_so_com_a_senha_ve_o_convite_para_ativar(client, servidora_do_rh, admin_client):
    entrar_com_a_senha(client, servidora_do_rh)
    assert f'<a href="{ATIVAR}">Ativar a verificação em duas etapas</a>' in client.get(ADMIN).text
    assert 'id="convite-segundo-fator"' not in admin_client.get(ADMIN).text


def test_exigida_de_quem_ve_a_cor_ou_raca_dos_servidores(servidora_do_rh):
    """A autodeclaração dos servidores, nomeados e estagiários também é dado sensível (LGPD art. 11)."""
    servidora_do_rh.user_permissions.add(Permission.objects.get(content_type__app_label="pessoal",
                                                                codename="ver_autodeclaracao_do_pessoal"))
    assert exige_segundo_fator(get_user_model().objects.get(pk=servidora_do_rh.pk))
