"""Os certificados A1 da demonstração: com eles, quem experimenta o `make run` assina a ata, o quadro e o edital de
convocação, e a página de verificação dá a assinatura como válida, porque o `make run` confia na raiz da demonstração
(e só nela). A AC diz que não é ICP-Brasil, e o carimbo não a apresenta como tal."""

import pytest

from demonstracao.certificados import RAIZ_DA_DEMONSTRACAO, SENHA_DA_DEMONSTRACAO, garantir_certificados_da_demo
from documentos.assinatura import Carimbo, assinador_a1, assinar_pdf, conferir_assinaturas
from documentos.pdf import renderizar_pdf

# Com o banco, o teste roda antes dos de navegador: depois deles, o laço de eventos do Playwright fica aberto na thread
# principal, e as funções síncronas do pyHanko (asyncio.run) não rodam nela.
pytestmark = pytest.mark.django_db


def test_os_certificados_da_demonstracao_assinam_e_conferem_com_a_raiz_da_demonstracao(tmp_path, settings):
    titulares = [("Marta Gonçalves Pereira", "52938471041"), ("Helena Prado Cavalcanti", "41827365919")]
    arquivos = garantir_certificados_da_demo(tmp_path, titulares)
    assert [a.name for a in arquivos] == ["marta-goncalves-pereira.p12", "helena-prado-cavalcanti.p12"]
    conteudo = {a: a.read_bytes() for a in arquivos}
    # Idempotente: de novo, nada se refaz.
    garantir_certificados_da_demo(tmp_path, titulares)
    assert {a: a.read_bytes() for a in arquivos} == conteudo

    pdf, _ = renderizar_pdf("<p>Ata de demonstração.</p>")
    carimbo = Carimbo(nome="Marta Gonçalves Pereira", documento="CPF 529.384.710-41", cargo="Presidente",
                      quando="03/12/2026 às 10:00", icp_brasil=False, pagina=0, caixa=(50, 50, 277, 112))
    assinado = assinar_pdf(pdf, assinador_a1(arquivos[0].read_bytes(), SENHA_DA_DEMONSTRACAO), campo="Assinatura1",
                           carimbo=carimbo, motivo="Ata")
    settings.ASSINATURA_RAIZES = []
    [sem_raiz] = conferir_assinaturas(assinado)
    assert sem_raiz.integra and not sem_raiz.confiavel
    settings.ASSINATURA_RAIZES = [str(tmp_path / RAIZ_DA_DEMONSTRACAO)]
    [resultado] = conferir_assinaturas(assinado)
    assert resultado.valida
    assert resultado.titular.cpf == "52938471041" and not resultado.titular.icp_brasil
