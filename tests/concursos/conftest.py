"""Fábricas de certames, cargos e inscrições para os testes de concursos."""

from __future__ import annotations

from datetime import date, timedelta
from itertools import count

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client

from concursos.models import (
    Candidato,
    Cargo,
    Certame,
    Convocacao,
    EstadoCertame,
    Fase,
    Heteroidentificacao,
    Inscricao,
)
from concursos.services.certame import certame_avancar, certame_publicar
from concursos.services.chamadas import chamada_inicial
from legislacao.models import Lei
from nucleo.models import Lotacao, Orgao
from tests.conftest import lotar_em_todos
from tests.conftest import municipio as municipio_do_ibge

_cpfs = count(1)
PADRAO = ("", "branca", False, False, False, "habilitado")


def cpf_valido(n: int | None = None) -> str:
    """Um CPF válido (dígitos verificadores corretos) distinto a cada chamada."""
    base = f"{(n if n is not None else next(_cpfs)) % 10**9:09d}"
    digitos = [int(d) for d in base]
    for tamanho in (9, 10):
        soma = sum(d * (tamanho + 1 - i) for i, d in enumerate(digitos[:tamanho]))
        resto = soma % 11
        digitos.append(0 if resto < 2 else 11 - resto)
    return "".join(map(str, digitos))


# Os campos da regra PcD do edital que o formulário do certame sempre envia, com os valores iniciais (o que um
# navegador manda sem o RH mexer neles).
# As regras do edital que o formulário do certame sempre envia (a regra PcD e a regra de decisão da comissão).
REGRA_PCD_PADRAO = {"pcd_arredondamento": "teto", "pcd_minimo_vagas": "1", "regra_decisao": "maioria"}


def prazos_do_edital(data_edital: date) -> dict:
    """Os prazos de um edital comum: inscrições do 7º ao 37º dia depois da publicação, validade de 2 anos."""
    return {"inscricoes_inicio": data_edital + timedelta(days=7), "inscricoes_fim": data_edital + timedelta(days=37),
            "validade_meses": 24}


@pytest.fixture
def orgao(db):
    return Orgao.objects.create(nome="Prefeitura Municipal de Vargem Alta", municipio=municipio_do_ibge("Vargem Alta"))


@pytest.fixture
def fazer_certame(orgao):
    """fazer_certame(municipio=..., uf=...): o certame do órgão de Vargem Alta; noutro município (para testar a lei
    de outro lugar), com o motivo registrado, como o admin exige."""
    def fazer(*, municipio="Vargem Alta", uf="ES", data_edital=date(2024, 3, 1), cargos=(("ADM", 5, 0),),
              numero="001/2024", **edital) -> Certame:
        local = municipio_do_ibge(municipio, uf)
        motivo = "" if local == orgao.municipio else "Certame de teste com a lei de outro município."
        certame = Certame.objects.create(orgao=orgao, numero_edital=numero, titulo="Concurso de teste",
                                         municipio=local, motivo_municipio=motivo, data_edital=data_edital,
                                         **prazos_do_edital(data_edital), **edital)
        for codigo, vagas, pcd in cargos:
            Cargo.objects.create(certame=certame, codigo=codigo, nome=f"Cargo {codigo}", vagas=vagas,
                                 vagas_pcd=pcd)
        return certame
    return fazer


@pytest.fixture
def inscrever():
    """inscrever(cargo, [(numero, cor, reserva, pcd, quilombola, situacao), ...]) na ordem de classificação."""
    def fazer(cargo: Cargo, linhas) -> list[Inscricao]:
        inscricoes = []
        for classificacao, linha in enumerate(linhas, 1):
            numero, cor, reserva, pcd, quilombola, situacao = (*linha, *PADRAO[len(linha):])
            candidato = Candidato.objects.create(orgao_id=cargo.certame.orgao_id, nome=f"Candidato {numero}",
                                                 cpf=cpf_valido(), cor_raca=cor)
            inscricoes.append(Inscricao.objects.create(
                certame=cargo.certame, cargo=cargo, candidato=candidato, numero=numero, reserva=reserva,
                cor_raca=cor, pcd=pcd, quilombola=quilombola, classificacao=classificacao, situacao=situacao,
                nota_final=100 - classificacao))
        return inscricoes
    return fazer


@pytest.fixture
def levar_ao_resultado(admin_user):
    def levar(certame: Certame) -> Certame:
        if certame.estado == EstadoCertame.RASCUNHO:
            certame = certame_publicar(certame=certame, usuario=admin_user)
        # No dia seguinte ao fim das inscrições: as etapas não vêm antes dele.
        dia = certame.inscricoes_fim + timedelta(days=1)
        while not certame.alcancou(EstadoCertame.RESULTADO):
            certame = certame_avancar(certame=certame, usuario=admin_user, data=dia)
        return certame
    return levar


@pytest.fixture
def vargem_alta_homologado(fazer_certame, inscrever, levar_ao_resultado, admin_user):
    """Vargem Alta (17% negros, a partir de 3 vagas), 3 vagas, validade de 12 meses, homologado em 10/03/2025 depois
    da convocação inicial: B1 e B2 pela ampla, N1 na 3ª posição, a de negros (art. 4º). B3, B4, N2 e B5 esperam."""
    certame = fazer_certame(cargos=(("ADM", 3, 0),))
    Certame.objects.filter(pk=certame.pk).update(validade_meses=12)
    cargo = certame.cargos.get()
    inscrever(cargo, [("B1", "branca"), ("B2", "branca"), ("B3", "branca"), ("N1", "parda", True),
                      ("B4", "branca"), ("N2", "preta", True), ("B5", "branca")])
    certame = levar_ao_resultado(certame)
    chamada_inicial(cargo=cargo, data=date(2025, 3, 1), ato="Decreto nº 1/2025", usuario=admin_user)
    return certame_avancar(certame=certame, usuario=admin_user, data=date(2025, 3, 10))


@pytest.fixture
def afonso_claudio_nomeado(afonso_claudio_publicada, fazer_certame, inscrever, levar_ao_resultado, admin_user):
    """Afonso Cláudio (a cada 5 nomeados, a 5ª vaga é do cotista, art. 3º, § 1º), 5 vagas, com a convocação inicial:
    P1, com a autodeclaração confirmada pela comissão, na 5ª posição; P2, a próxima cotista, sem a
    heteroidentificação."""
    certame = fazer_certame(municipio="Afonso Cláudio", cargos=(("ADM", 5, 0),), numero="010/2024")
    cargo = certame.cargos.get()
    inscrever(cargo, [("A1", "branca"), ("A2", "branca"), ("A3", "branca"), ("A4", "branca"), ("A5", "branca"),
                      ("P1", "parda", True), ("P2", "preta", True)])
    Inscricao.objects.filter(cargo=cargo, numero="P1").update(heteroidentificacao=Heteroidentificacao.CONFIRMADO)
    certame = levar_ao_resultado(certame)
    chamada_inicial(cargo=cargo, data=date(2024, 9, 2), ato="Decreto nº 1/2024", usuario=admin_user)
    return certame


@pytest.fixture
def iuna_convocado(fazer_certame, inscrever, levar_ao_resultado, admin_user):
    """Iúna (a 3ª posição de cada 5 é de negros, art. 3º, § 1º, I), 5 vagas, prazo de 30 dias para a posse e 15 para o
    exercício: B1, B2, N1 (na 3ª, a vaga de negros), B3 e B4 convocados; B5 e N2 esperam, cada um na sua lista."""
    # A lei de Iúna não traz a data de publicação (art. 10); aqui, informada, para que ela se aplique.
    Lei.objects.filter(slug="iuna-es").update(data_publicacao=date(2022, 4, 1))
    certame = fazer_certame(municipio="Iúna", cargos=(("ADM", 5, 0),), numero="020/2024")
    Certame.objects.filter(pk=certame.pk).update(prazo_posse_dias=30, prazo_exercicio_dias=15)
    cargo = certame.cargos.get()
    inscrever(cargo, [("B1", "branca"), ("B2", "branca"), ("B3", "branca"), ("B4", "branca"), ("B5", "branca"),
                      ("N1", "parda", True), ("B6", "branca"), ("N2", "preta", True)])
    Inscricao.objects.filter(cargo=cargo, reserva=True).update(heteroidentificacao=Heteroidentificacao.CONFIRMADO)
    certame = levar_ao_resultado(certame)
    assert certame.lei.slug == "iuna-es"
    chamada_inicial(cargo=cargo, data=date(2024, 9, 2), ato="Edital de convocação nº 1/2024", usuario=admin_user)
    return Cargo.objects.select_related("certame").get(pk=cargo.pk)


def posicao(cargo: Cargo, n: int) -> Convocacao:
    """Quem ocupa hoje a posição `n` do cargo."""
    return Convocacao.objects.select_related("inscricao").get(cargo=cargo, posicao=n, desistiu_em__isnull=True)


@pytest.fixture
def cliente_com():
    """cliente_com("concursos.view_certame", ..., orgao=None): um servidor do RH (staff) só com essas permissões,
    lotado em todos os órgãos ou só em `orgao`."""
    def fazer(*permissoes: str, orgao: Orgao | None = None) -> Client:
        usuario = get_user_model().objects.create_user(f"rh{len(permissoes)}-{orgao.pk if orgao else 0}",
                                                       password="senha-rh-123", is_staff=True)
        if orgao is None:
            lotar_em_todos(usuario)
        else:
            Lotacao.objects.create(usuario=usuario, orgao=orgao)
        for permissao in permissoes:
            app, codigo = permissao.split(".")
            usuario.user_permissions.add(Permission.objects.get(content_type__app_label=app, codename=codigo))
        cliente = Client()
        cliente.force_login(usuario)
        return cliente
    return fazer


def encerrar_inscricoes(certame: Certame, usuario) -> Certame:
    """Publica o edital e encerra as inscrições no dia seguinte ao fim delas: as fases vêm depois."""
    certame = certame_publicar(certame=certame, usuario=usuario)
    return certame_avancar(certame=certame, usuario=usuario, data=certame.inscricoes_fim + timedelta(days=1))


@pytest.fixture
def fase_ibatiba(leis_de_origem, fazer_certame, inscrever, admin_user):
    """Ibatiba, um cargo de 5 vagas e 30 inscritos: 24 brancos e 6 pardos cotistas (P1 a P6); notas da fase de 100 a
    71, na ordem das inscrições abaixo (P1 é o 3º da fase; P2 a P6, do 15º em diante)."""
    certame = fazer_certame(municipio="Ibatiba", data_edital=date(2024, 8, 1), cargos=(("ADM", 5, 0),),
                            numero="050/2024")
    cargo = certame.cargos.get()
    ordem = ["B1", "B2", "P1", *(f"B{i}" for i in range(3, 14)), "P2", "B14", "B15", "B16", "B17", "P3",
             *(f"B{i}" for i in range(18, 22)), "P4", "B22", "B23", "P5", "B24", "P6"]
    inscrever(cargo, [(n, "parda", True) if n.startswith("P") else (n, "branca") for n in ordem])
    certame = encerrar_inscricoes(certame, admin_user)
    fase = Fase.objects.create(certame=certame, ordem=1, nome="Prova objetiva", seguem_quantidade=10,
                               item_edital="item 8.3 do edital")
    notas = [(n, 100 - i, "apto") for i, n in enumerate(ordem)]
    return fase, notas
