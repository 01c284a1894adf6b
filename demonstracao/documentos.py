"""O que os documentos da demonstração publicam além dos números: o timbre e os signatários da Prefeitura de Ubatuba
e a remuneração, a carga horária e os requisitos dos cargos dos certames de demonstração (quadro de vagas e edital de
convocação como a prefeitura os publica).

Os nomes dos signatários são fictícios, e o brasão é um desenho de demonstração, não o brasão oficial do Município."""

from __future__ import annotations

import io
from decimal import Decimal

from django.core.files.base import ContentFile

from concursos.models import Cargo
from nucleo.models import Orgao, Signatario

ENDERECO_UBATUBA = "Avenida Dona Maria Alves, 865, Centro, Ubatuba/SP, CEP 11680-000"
SIGNATARIOS_UBATUBA = [
    ("Helena Prado Cavalcanti", "Prefeita Municipal (nome fictício da demonstração)"),
    ("Rogério Almeida Tavares", "Secretário Municipal de Administração (nome fictício da demonstração)"),
]
# código do cargo nos certames de demonstração → (remuneração mensal, horas por semana, requisitos do edital).
DETALHES_DOS_CARGOS = {
    "ADM": (Decimal("2350.00"), 40, "Ensino médio completo."),
    "PROF": (Decimal("3980.50"), 25, "Licenciatura plena em Pedagogia ou Normal Superior."),
    "MOT": (Decimal("2640.00"), 40, "Ensino fundamental completo e Carteira Nacional de Habilitação categoria D."),
    "ENF": (Decimal("4820.00"), 30, "Graduação em Enfermagem e registro no Conselho Regional de Enfermagem."),
    "MED": (Decimal("12500.00"), 20, "Graduação em Medicina e registro no Conselho Regional de Medicina."),
    "ASL": (Decimal("3120.00"), 30, "Ensino médio completo."),
    "PROC": (Decimal("9850.00"), 20, "Graduação em Direito e inscrição na Ordem dos Advogados do Brasil."),
    "AGE": (Decimal("2180.00"), 40, "Ensino médio completo, na modalidade Normal, ou ensino médio e curso de "
                                    "Auxiliar de Desenvolvimento Infantil."),
    "GUA": (Decimal("2290.00"), 36, "Ensino fundamental completo e curso de salvamento aquático."),
    "ENG": (Decimal("8400.00"), 40, "Graduação em Engenharia Civil e registro no Conselho Regional de Engenharia "
                                    "e Agronomia."),
    "PSI": (Decimal("5200.00"), 30, "Graduação em Psicologia e registro no Conselho Regional de Psicologia."),
}


def garantir_timbre_de_ubatuba(orgao: Orgao) -> None:
    """O endereço, o brasão de demonstração e os signatários da Prefeitura de Ubatuba, se ainda não os tem."""
    if not orgao.endereco:
        orgao.endereco = ENDERECO_UBATUBA
        orgao.save(update_fields=["endereco"])
    if not orgao.brasao:
        orgao.brasao.save("brasao-ubatuba-demonstracao.png", ContentFile(_brasao_de_demonstracao()))
    if not orgao.signatarios.exists():
        Signatario.objects.bulk_create([Signatario(orgao=orgao, nome=nome, cargo=cargo, ordem=ordem)
                                        for ordem, (nome, cargo) in enumerate(SIGNATARIOS_UBATUBA, 1)])


def garantir_detalhes_dos_cargos(orgaos: list[int]) -> None:
    """A remuneração, a carga horária e os requisitos dos cargos de demonstração que ainda não os têm."""
    for codigo, (remuneracao, horas, requisitos) in DETALHES_DOS_CARGOS.items():
        Cargo.objects.filter(certame__orgao_id__in=orgaos, codigo=codigo, remuneracao__isnull=True).update(
            remuneracao=remuneracao, carga_horaria=horas, requisitos=requisitos)


def _brasao_de_demonstracao() -> bytes:
    """Um escudo azul com uma onda branca, desenhado aqui: a demonstração não traz o brasão oficial de ninguém."""
    from PIL import Image, ImageDraw

    imagem = Image.new("RGBA", (160, 200), (255, 255, 255, 0))
    desenho = ImageDraw.Draw(imagem)
    desenho.polygon([(10, 10), (150, 10), (150, 110), (80, 190), (10, 110)], fill=(24, 70, 130),
                    outline=(200, 160, 40), width=6)
    for altura in (80, 105):
        desenho.arc([(25, altura - 20), (80, altura + 10)], 200, 340, fill=(255, 255, 255), width=6)
        desenho.arc([(80, altura - 20), (135, altura + 10)], 200, 340, fill=(255, 255, 255), width=6)
    desenho.ellipse([(62, 28), (98, 64)], fill=(240, 190, 50))
    saida = io.BytesIO()
    imagem.save(saida, format="PNG")
    return saida.getvalue()
