"""O quadro de vagas e o edital de convocação como a prefeitura os publica: o anexo com o timbre do órgão (o brasão, o
Estado, o nome, o endereço), a remuneração, a carga horária e os requisitos de cada cargo, a base legal da lei
congelada e o fecho com o local, a data e as assinaturas; o edital de convocação em itens numerados, gerados do ato."""

import io
from datetime import date
from decimal import Decimal

import pytest
from PIL import Image

from concursos.documentos import emitir_convocacoes, emitir_quadro
from concursos.models import Cargo
from concursos.services.certame import certame_publicar
from concursos.services.chamadas import Apresentacao, chamada_inicial
from nucleo.models import Signatario
from tests.documentos.pdfs import so_espacos_simples, texto


@pytest.fixture(autouse=True)
def midia_temporaria(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def png(largura=60, altura=80) -> bytes:
    saida = io.BytesIO()
    Image.new("RGB", (largura, altura), (20, 60, 120)).save(saida, format="PNG")
    return saida.getvalue()


@pytest.fixture
def orgao_com_timbre(orgao):
    from django.core.files.base import ContentFile

    orgao.endereco = "Rua Rodolfo Nogueira da Rocha, 12, Centro, CEP 29390-000"
    orgao.brasao.save("brasao.png", ContentFile(png()), save=False)
    orgao.save()
    Signatario.objects.create(orgao=orgao, nome="Maria Secretária", cargo="Secretária de Administração", ordem=2)
    Signatario.objects.create(orgao=orgao, nome="João Prefeito", cargo="Prefeito Municipal", ordem=1)
    Signatario.objects.create(orgao=orgao, nome="Ex-Prefeito", cargo="Prefeito Municipal", ordem=3, ativo=False)
    return orgao


@pytest.fixture
def certame(fazer_certame, admin_user, orgao_com_timbre):
    certame = fazer_certame(cargos=(("ENF", 8, 1), ("MOT", 2, 0)))
    Cargo.objects.filter(codigo="ENF").update(
        remuneracao=Decimal("4567.89"), carga_horaria=30,
        requisitos="Ensino superior em Enfermagem e registro no Conselho Regional de Enfermagem")
    Cargo.objects.filter(codigo="MOT").update(remuneracao=Decimal("1234.5"), carga_horaria=40)
    return certame_publicar(certame=certame, usuario=admin_user)


def _texto_do_quadro(certame, usuario):
    documento = emitir_quadro(certame=certame, usuario=usuario)
    return so_espacos_simples(texto(documento.conteudo())), documento


def test_o_quadro_e_o_anexo_i_do_edital_com_o_timbre_do_orgao(certame, admin_user):
    texto_quadro, _ = _texto_do_quadro(certame, admin_user)
    assert "ANEXO I – QUADRO DE VAGAS" in texto_quadro
    # O Estado vem da UF do município do órgão (Vargem Alta/ES), não de um texto digitado.
    assert "ESTADO DO ESPÍRITO SANTO" in texto_quadro.upper()
    assert certame.orgao.nome.upper() in texto_quadro.upper()
    assert "Rua Rodolfo Nogueira da Rocha, 12, Centro, CEP 29390-000" in texto_quadro


def test_o_numero_do_anexo_e_o_do_certame(certame, admin_user):
    certame.anexo_quadro = "III"
    certame.save(update_fields=["anexo_quadro"])
    texto_quadro, _ = _texto_do_quadro(certame, admin_user)
    assert "ANEXO III – QUADRO DE VAGAS" in texto_quadro


def test_o_quadro_traz_a_remuneracao_em_reais_a_carga_e_os_requisitos(certame, admin_user):
    texto_quadro, _ = _texto_do_quadro(certame, admin_user)
    assert "R$ 4.567,89" in texto_quadro
    assert "R$ 1.234,50" in texto_quadro
    assert "30 h" in texto_quadro and "40 h" in texto_quadro
    assert ("ENF — Cargo ENF: Ensino superior em Enfermagem e registro no Conselho Regional de Enfermagem"
            in texto_quadro)


def test_o_quadro_fecha_com_local_data_e_os_signatarios_ativos_na_ordem(certame, admin_user):
    texto_quadro, documento = _texto_do_quadro(certame, admin_user)
    dia = documento.emitido_em.astimezone().date()
    assert f"Vargem Alta/ES, {dia.day if dia.day > 1 else '1º'} de " in texto_quadro
    assert texto_quadro.index("João Prefeito") < texto_quadro.index("Maria Secretária")
    assert "Prefeito Municipal" in texto_quadro and "Secretária de Administração" in texto_quadro
    assert "Ex-Prefeito" not in texto_quadro
    # A assinatura digital segue as mesmas linhas: a 1ª é a do primeiro signatário do fecho.
    assert list(documento.assinaturas.values_list("ordem", "nome", "cargo")) == [
        (1, "João Prefeito", "Prefeito Municipal"), (2, "Maria Secretária", "Secretária de Administração")]


def test_os_campos_de_assinatura_tem_ids_na_ordem_e_o_tamanho_fixo(certame):
    from django.template.loader import render_to_string
    from weasyprint import HTML

    from concursos.documentos import contexto_quadro

    html = render_to_string("concursos/pdf/quadro_vagas.html", {**contexto_quadro(certame), "documento": {
        "codigo": "AAAA-BBBB-CCCC", "url_verificacao": "http://x/v/", "qr_code": "", "titulo": "Quadro",
        "tipo": "Quadro", "emitido_em": date(2026, 12, 3), "emitido_por": ""}})
    paginas_ = HTML(string=html).render().pages
    ancoras = {nome: posicao for pagina in paginas_ for nome, posicao in pagina.anchors.items()}
    assert {"campo-assinatura-1", "campo-assinatura-2"} <= set(ancoras)
    assert "campo-assinatura-3" not in ancoras
    caixas = [caixa for pagina in paginas_ for caixa in _descendentes(pagina._page_box)
              if getattr(caixa, "element", None) is not None and caixa.element.get("id", "").startswith("campo-")]
    assert len(caixas) == 2
    mm = 96 / 25.4
    for caixa in caixas:
        assert round(caixa.width / mm) == 80 and round(caixa.height / mm) == 22


def _descendentes(caixa):
    yield caixa
    for filha in getattr(caixa, "children", ()):
        yield from _descendentes(filha)


def test_o_brasao_vai_embutido_no_pdf(certame, admin_user):
    from pypdf import PdfReader

    documento = emitir_quadro(certame=certame, usuario=admin_user)
    primeira = PdfReader(io.BytesIO(documento.conteudo())).pages[0]
    assert len(primeira.images) >= 1


def test_sem_brasao_nem_signatarios_o_quadro_sai_sem_eles(fazer_certame, admin_user, orgao):
    certame = certame_publicar(certame=fazer_certame(), usuario=admin_user)
    texto_quadro, _ = _texto_do_quadro(certame, admin_user)
    assert "ANEXO I – QUADRO DE VAGAS" in texto_quadro
    assert "ESTADO DO ESPÍRITO SANTO" in texto_quadro.upper()


# --- edital de convocação -----------------------------------------------------------------------------------------

@pytest.fixture
def cargo_convocado(certame, inscrever, levar_ao_resultado, admin_user):
    cargo = certame.cargos.get(codigo="ENF")
    inscrever(cargo, [("A01", "parda", True), ("A02", "branca", False), ("A03", "preta", True),
                      ("A04", "branca", False, True), ("A05", "indigena", True), ("A06", "branca", False),
                      ("A07", "parda", True), ("A08", "branca", False), ("A09", "branca", False)])
    levar_ao_resultado(certame)
    chamada_inicial(cargo=cargo, data=date(2024, 9, 2), ato="Edital de convocação nº 1/2024", usuario=admin_user,
                    apresentacao=Apresentacao(
                        local="Departamento de Recursos Humanos, Rua Rodolfo Nogueira da Rocha, 12",
                        prazo=date(2024, 9, 30), documentos="Carteira de identidade\nComprovante de residência"))
    return cargo


def test_o_edital_de_convocacao_tem_itens_numerados_gerados_do_ato(cargo_convocado, admin_user):
    documento = emitir_convocacoes(cargo=cargo_convocado, usuario=admin_user)
    conteudo = so_espacos_simples(texto(documento.conteudo()))
    assert "EDITAL DE CONVOCAÇÃO" in conteudo.upper()
    assert "Edital de convocação nº 1/2024" in conteudo
    itens = [conteudo.index(f"{n}. ") for n in (1, 2, 3, 4)]
    assert itens == sorted(itens)
    assert "1. Ficam convocados" in conteudo
    assert "Carteira de identidade" in conteudo and "Comprovante de residência" in conteudo
    assert "Departamento de Recursos Humanos, Rua Rodolfo Nogueira da Rocha, 12" in conteudo
    assert "até 30/09/2024" in conteudo
    assert "João Prefeito" in conteudo and "Candidato A01" in conteudo


def test_o_edital_de_convocacao_sem_local_nem_prazo_diz_que_o_ato_nao_os_informou(certame, inscrever,
                                                                                   levar_ao_resultado, admin_user):
    cargo = certame.cargos.get(codigo="MOT")
    inscrever(cargo, [("B01", "branca", False), ("B02", "branca", False)])
    levar_ao_resultado(certame)
    chamada_inicial(cargo=cargo, data=date(2024, 9, 2), ato="Portaria nº 7/2024", usuario=admin_user)
    conteudo = so_espacos_simples(texto(emitir_convocacoes(cargo=cargo, usuario=admin_user).conteudo()))
    assert "não informou" in conteudo


def test_o_prazo_anterior_ao_ato_e_recusado(certame, inscrever, levar_ao_resultado, admin_user):
    from nucleo.servicos import ErroOperacao

    cargo = certame.cargos.get(codigo="MOT")
    inscrever(cargo, [("B01", "branca", False), ("B02", "branca", False)])
    levar_ao_resultado(certame)
    with pytest.raises(ErroOperacao, match="anterior à data do ato"):
        chamada_inicial(cargo=cargo, data=date(2024, 9, 2), ato="Portaria nº 7/2024", usuario=admin_user,
                        apresentacao=Apresentacao(prazo=date(2024, 9, 1)))


def test_quem_entra_por_desistencia_recebe_local_e_prazo_no_edital_de_convocacao(cargo_convocado, admin_user):
    """A chamada de substituição (a mesma lista: Vargem Alta art. 4º, § 2º) também diz aonde ir e até quando, por
    chamada: o edital traz o local e o prazo da inicial e os da substituição, cada um com a sua chamada."""
    from concursos.models import Convocacao
    from concursos.services.chamadas import desistencia_registrar

    titular = Convocacao.objects.filter(cargo=cargo_convocado, posicao=1).get()
    chamada = desistencia_registrar(
        convocacao=titular, data=date(2024, 10, 1), ato="Edital de convocação nº 2/2024", usuario=admin_user,
        apresentacao=Apresentacao(local="Secretaria de Administração, sala 3", prazo=date(2024, 10, 15)))
    assert (chamada.local, chamada.prazo) == ("Secretaria de Administração, sala 3", date(2024, 10, 15))
    conteudo = so_espacos_simples(texto(emitir_convocacoes(cargo=cargo_convocado, usuario=admin_user).conteudo()))
    assert "Secretaria de Administração, sala 3" in conteudo and "até 15/10/2024" in conteudo
    assert "Departamento de Recursos Humanos" in conteudo and "até 30/09/2024" in conteudo


def test_o_prazo_da_substituicao_anterior_ao_ato_e_recusado_sem_gravar_a_desistencia(cargo_convocado, admin_user):
    from concursos.models import Convocacao
    from concursos.services.chamadas import desistencia_registrar
    from nucleo.servicos import ErroOperacao

    titular = Convocacao.objects.filter(cargo=cargo_convocado, posicao=1).get()
    with pytest.raises(ErroOperacao, match="anterior à data do ato"):
        desistencia_registrar(convocacao=titular, data=date(2024, 10, 1), ato="Termo nº 1/2024", usuario=admin_user,
                              apresentacao=Apresentacao(prazo=date(2024, 9, 30)))
    titular.refresh_from_db()
    assert titular.desistiu_em is None and cargo_convocado.chamadas.count() == 1


def test_a_tela_da_vacancia_pede_local_e_prazo_para_quem_for_chamado(cargo_convocado, admin_client):
    from django.urls import reverse

    from concursos.models import Convocacao

    titular = Convocacao.objects.filter(cargo=cargo_convocado, posicao=1).get()
    url = reverse("admin:concursos_convocacao_vacancia", args=[titular.pk])
    pagina = admin_client.get(url).content.decode()
    assert "Local de apresentação" in pagina and "Apresentação até" in pagina
    resposta = admin_client.post(url, {"causa": "desistencia", "data": "01/10/2024", "ato": "Termo nº 1/2024",
                                       "local": "Secretaria de Administração", "prazo": "15/10/2024",
                                       "documentos": ""})
    assert resposta.status_code == 302
    assert cargo_convocado.chamadas.order_by("-numero").first().local == "Secretaria de Administração"
