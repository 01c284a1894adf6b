import re
from datetime import date
from io import StringIO

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse
from localflavor.br.validators import BRCPFValidator

from acesso.codigo_totp import codigo_atual
from legislacao.models import Lei

SLUGS_DE_ORIGEM = {
    "vargem-alta-es-2023",
    "iuna-es",
    "ibatiba-es-2024",
    "ubatuba-sp-lei-3765-2014",
    "afonso-claudio-es-lei-2552-2023",
    "federal-lei-15142-2025",
    "federal-lei-12990-2014",
}

pytestmark = pytest.mark.django_db


def entrar_no_admin(client, usuario: str, senha: str, saida: str) -> None:
    """Senha e, como quem segue as instruções impressas, o código atual da chave que o comando mostrou."""
    resposta = client.post(reverse("admin:login"), {"username": usuario, "password": senha})
    assert resposta.status_code == 302, "o login com a senha da demonstração falhou"
    chave = re.search(rf"{usuario}: \.venv/bin/python -m acesso\.codigo_totp \"([A-Z2-7 ]+)\"", saida).group(1)
    resposta = client.post(reverse("acesso:codigo"), {"codigo": codigo_atual(chave)})
    assert resposta.status_code == 302 and resposta["Location"] == reverse("admin:index")


def carregar_demo() -> str:
    saida = StringIO()
    call_command("carregar_demo", stdout=saida)
    return saida.getvalue()


def test_it_creates_the_demo_superuser_and_prints_the_credentials_with_a_warning():
    saida = carregar_demo()

    usuario = get_user_model().objects.get(username="demo")
    assert usuario.is_superuser and usuario.is_staff and usuario.is_active
    assert usuario.check_password("demo12345")
    assert "usuário: demo" in saida
    assert "senha:   demo12345" in saida
    assert "SÓ PARA DEMONSTRAÇÃO LOCAL" in saida
    assert f"{settings.SITE_URL}/admin/ " in saida
    assert f"{settings.SITE_URL}/admin/legislacao/lei/simulador/" in saida
    assert "simular_vagas --lei" in saida


def test_it_is_idempotent_and_resets_the_demo_password():
    carregar_demo()
    usuario = get_user_model().objects.get(username="demo")
    usuario.set_password("outra-senha-qualquer")
    usuario.is_superuser = False
    usuario.save()

    saida = carregar_demo()

    assert get_user_model().objects.filter(username="demo").count() == 1
    usuario.refresh_from_db()
    assert usuario.check_password("demo12345")
    assert usuario.is_superuser
    assert "senha redefinida" in saida
    assert Lei.objects.count() == len(SLUGS_DE_ORIGEM)


def test_it_restores_a_deleted_law_of_origin_with_its_groups():
    referencia = Lei.objects.get(slug="afonso-claudio-es-lei-2552-2023")
    grupos = list(referencia.grupos.values("codigo", "percentual", "padrao", "intervalo"))
    referencia.delete()

    saida = carregar_demo()

    assert set(Lei.objects.values_list("slug", flat=True)) == SLUGS_DE_ORIGEM
    reposta = Lei.objects.get(slug="afonso-claudio-es-lei-2552-2023")
    assert list(reposta.grupos.values("codigo", "percentual", "padrao", "intervalo")) == grupos
    assert reposta.texto.strip()
    assert "repostas: afonso-claudio-es-lei-2552-2023" in saida


def test_it_creates_a_realistic_certame_of_vargem_alta_with_the_result_published():
    from concursos.models import Certame, EstadoCertame, Inscricao

    saida = carregar_demo()

    certame = Certame.objects.get(numero_edital="001/2025", orgao__nome="Prefeitura Municipal de Vargem Alta")
    assert certame.estado == EstadoCertame.RESULTADO
    assert certame.lei.slug == "vargem-alta-es-2023" and certame.lei.congelada
    assert certame.data_edital > date(2023, 5, 19)
    cargos = {c.codigo: c for c in certame.cargos.all()}
    assert 4 <= len(cargos) <= 5
    assert any(c.vagas_pcd for c in cargos.values())
    assert any(c.vagas < certame.regras["motor"]["minimo_vagas"] for c in cargos.values())
    inscricoes = Inscricao.objects.filter(certame=certame)
    assert 200 <= inscricoes.count() <= 600
    cores = set(inscricoes.values_list("cor_raca", flat=True))
    assert {"branca", "parda", "preta", "indigena"} <= cores
    assert inscricoes.filter(reserva=True).exists() and inscricoes.filter(pcd=True).exists()
    for cargo in cargos.values():
        classificacoes = sorted(inscricoes.filter(cargo=cargo).values_list("classificacao", flat=True))
        assert classificacoes == list(range(1, len(classificacoes) + 1))
    validar = BRCPFValidator()
    for cpf in inscricoes.values_list("candidato__cpf", flat=True):
        validar(cpf)
    assert f"/admin/concursos/certame/{certame.pk}/painel/" in saida
    assert "Certame de demonstração criado" in saida


def test_the_demo_certame_is_created_only_once_and_its_panel_opens(client):
    from concursos.models import Certame, Inscricao
    from demonstracao.monitoramento import EDITAIS_UBATUBA

    carregar_demo()
    certames, total = Certame.objects.count(), Inscricao.objects.count()
    saida = carregar_demo()
    # Os dois certames de demonstração e os concursos de Ubatuba (o monitoramento), cada um uma vez só.
    assert Certame.objects.count() == certames == 2 + len(EDITAIS_UBATUBA) and Inscricao.objects.count() == total
    assert "Certame de demonstração já existia" in saida
    certame = Certame.objects.get(municipio__nome="Vargem Alta")
    entrar_no_admin(client, "demo", "demo12345", saida)
    resposta = client.get(reverse("admin:concursos_certame_painel", args=[certame.pk]))
    assert resposta.status_code == 200
    assert "Cargo abaixo do mínimo legal" in resposta.content.decode()
    assert "Convocação inicial" in resposta.content.decode()


def test_it_creates_a_lawful_heteroidentification_commission_with_a_scheduled_session():
    """A comissão de demonstração atende à Lei 2.552/2023 de Afonso Cláudio (art. 8º) e já tem cotistas
    convocados; os membros entram pela área da comissão."""
    from heteroidentificacao.models import Comissao
    from heteroidentificacao.selectors import conferencia_da_comissao

    saida = carregar_demo()
    comissao = Comissao.objects.get(certame__municipio__nome="Afonso Cláudio")
    assert comissao.certame.lei.slug == "afonso-claudio-es-lei-2552-2023"
    assert conferencia_da_comissao(comissao).regular
    assert comissao.sessoes.get().avaliacoes.count() > 0
    assert get_user_model().objects.get(username="presidente").check_password("comissao12345")
    assert f"{settings.SITE_URL}/comissao/entrar/" in saida
    carregar_demo()
    assert Comissao.objects.count() == 1


def test_the_demo_hr_user_works_without_superpowers(client):
    """O usuário «rh» (grupo «Recursos humanos») abre o painel do certame e a comissão, mas não altera leis."""
    from concursos.models import Certame
    from heteroidentificacao.models import Comissao

    saida = carregar_demo()
    entrar_no_admin(client, "rh", "rh12345678", saida)
    certame = Certame.objects.get(municipio__nome="Vargem Alta")
    assert client.get(reverse("admin:concursos_certame_painel", args=[certame.pk])).status_code == 200
    comissao = Comissao.objects.get()
    pagina = client.get(reverse("admin:heteroidentificacao_comissao_change", args=[comissao.pk]))
    assert pagina.status_code == 200 and "Composição conforme a lei" in pagina.content.decode()
    lei = certame.lei
    assert client.get(reverse("admin:legislacao_lei_change", args=[lei.pk])).status_code == 200
    assert client.post(reverse("admin:legislacao_lei_change", args=[lei.pk]), {}).status_code == 403


def test_the_demo_accounts_keep_the_same_authenticator_key_between_runs():
    """A chave já cadastrada no celular continua valendo depois de um novo `make run`."""
    from django_otp.plugins.otp_totp.models import TOTPDevice

    primeira = carregar_demo()
    segunda = carregar_demo()
    linhas = [linha for linha in primeira.splitlines() if "acesso.codigo_totp" in linha]
    assert len(linhas) == 4 and all(linha in segunda for linha in linhas)
    contas = ["demo", "rh", "encarregado", "monitoramento"]
    assert TOTPDevice.objects.filter(user__username__in=contas, confirmed=True).count() == 4


def test_the_demo_monitoring_commission_of_ubatuba_is_lawful_and_its_member_sees_only_ubatuba(client):
    """A comissão de monitoramento de Ubatuba com a composição do art. 9º, § 1º, o quadro de pessoal de 2018 a 2023 com
    um ano abaixo do piso dos cargos em comissão (art. 8º) e o rascunho do relatório anual de 2023; o membro entra com
    a senha e o código e vê o painel do seu órgão; a segunda carga não duplica nada."""
    from monitoramento.models import ComissaoMonitoramento, EstadoRelatorio, RelatorioMonitoramento
    from nucleo.models import Lotacao
    from pessoal.models import AtoPessoal, AutodeclaracaoServidor, ContratoEstagio, NomeacaoComissao, Servidor
    from pessoal.selectors import participacao_em_comissao

    saida = carregar_demo()

    comissao = ComissaoMonitoramento.objects.get()
    assert comissao.lei.slug == "ubatuba-sp-lei-3765-2014" and comissao.ato_numero.endswith("/2019")
    assert comissao.conferencia().regular
    assert sorted(comissao.membros.exclude(grupo="").values_list("grupo", flat=True)) == [
        "indigenas", "negros", "quilombolas"]
    membro = get_user_model().objects.get(username="monitoramento")
    assert comissao.membros.filter(usuario=membro).exists()
    assert list(membro.groups.values_list("name", flat=True)) == ["Comissão de monitoramento"]
    assert list(Lotacao.objects.filter(usuario=membro).values_list("orgao_id", flat=True)) == [comissao.orgao_id]
    relatorio = RelatorioMonitoramento.objects.get()
    assert (relatorio.ano_referencia, relatorio.estado) == (2023, EstadoRelatorio.RASCUNHO)
    assert relatorio.conclusoes.strip()
    em_2020 = participacao_em_comissao([comissao.orgao_id], date(2020, 12, 31))[0]
    assert em_2020.abaixo_do_piso and em_2020.artigo == "art. 8º"
    assert NomeacaoComissao.objects.filter(autodeclaracao_em__isnull=True).exists()
    assert AutodeclaracaoServidor.objects.exists()
    assert "monitoramento / rh12345678" in saida
    assert f"/admin/monitoramento/relatoriomonitoramento/{relatorio.pk}/change/" in saida

    entrar_no_admin(client, "monitoramento", "rh12345678", saida)
    pagina = client.get(reverse("monitoramento:painel"), {"orgao": comissao.orgao_id, "ano": 2020})
    assert pagina.status_code == 200 and "o piso é 20%" in pagina.content.decode()

    contagens = [m.objects.count() for m in (NomeacaoComissao, ContratoEstagio, Servidor, AutodeclaracaoServidor,
                                             AtoPessoal, RelatorioMonitoramento)]
    carregar_demo()
    assert ComissaoMonitoramento.objects.get().membros.count() == 6
    assert [m.objects.count() for m in (NomeacaoComissao, ContratoEstagio, Servidor, AutodeclaracaoServidor,
                                        AtoPessoal, RelatorioMonitoramento)] == contagens


def test_the_demo_documents_of_ubatuba_have_the_letterhead_the_signatories_and_the_cargo_details(settings, tmp_path):
    """O quadro de vagas de Ubatuba sai como a prefeitura o publica: o «ANEXO I – QUADRO DE VAGAS» com o Estado de
    São Paulo, o endereço, a remuneração em reais e as assinaturas; o edital de convocação, com onde e até quando."""
    from concursos.documentos import emitir_convocacoes, emitir_quadro
    from concursos.models import Cargo, Certame
    from demonstracao.monitoramento import ORGAO_UBATUBA
    from tests.documentos.pdfs import so_espacos_simples, texto

    settings.MEDIA_ROOT = tmp_path / "media"
    carregar_demo()
    certame = Certame.objects.filter(orgao__nome=ORGAO_UBATUBA).order_by("data_edital").last()
    assert certame.orgao.brasao and certame.orgao.signatarios.count() == 2
    assert not Cargo.objects.filter(remuneracao__isnull=True).exists()

    admin = get_user_model().objects.get(username="demo")
    quadro = so_espacos_simples(texto(emitir_quadro(certame=certame, usuario=admin).conteudo()))
    assert "ANEXO I – QUADRO DE VAGAS" in quadro
    assert "ESTADO DE SÃO PAULO" in quadro.upper()
    assert "Avenida Dona Maria Alves, 865" in quadro
    assert "R$ 8.400,00" in quadro
    assert "Helena Prado Cavalcanti" in quadro and "Ubatuba/SP, " in quadro

    cargo = certame.cargos.get(codigo="ENG")
    edital = so_espacos_simples(texto(emitir_convocacoes(cargo=cargo, usuario=admin).conteudo()))
    assert "Departamento de Recursos Humanos, Avenida Dona Maria Alves, 865" in edital
    assert "Documento oficial de identidade com foto" in edital

    carregar_demo()
    assert certame.orgao.signatarios.count() == 2
