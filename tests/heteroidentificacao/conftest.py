"""Fábricas da heteroidentificação: um certame de Afonso Cláudio (Lei 2.552/2023, arts. 6º a 11), com
cotistas, e uma comissão que atende ao art. 8º (três titulares, um suplente, presidente de carreira)."""

from __future__ import annotations

from datetime import date, datetime, time
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client

from heteroidentificacao import services
from heteroidentificacao.models import Comissao, Instancia, Membro, Papel, Sessao
from heteroidentificacao.selectors import cotistas_a_convocar
from tests.concursos.conftest import cpf_valido, fazer_certame, inscrever, levar_ao_resultado, orgao  # noqa: F401
from tests.conftest import lotar_em_todos

SENHA = "senha-forte-123"


BRASILIA = ZoneInfo("America/Sao_Paulo")
# O dia da 1ª sessão das fábricas, no fim da tarde: a sessão abre na data marcada e todos os horários já passaram.
DIA_DA_SESSAO = date(2024, 4, 10)


def as_18h(dia: date) -> datetime:
    return datetime.combine(dia, time(18, 0), tzinfo=BRASILIA)


@pytest.fixture(autouse=True)
def midia_temporaria(settings, tmp_path):
    """Currículos, termos e atas dos testes vão para uma pasta temporária."""
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture(autouse=True)
def relogio(time_machine):
    """O relógio dos testes começa no dia da 1ª sessão, às 18h, e anda; `relogio.ir(dia)` leva a outro dia (abrir
    sessões, publicar resultados e protocolar recursos em datas do procedimento, nunca no futuro)."""
    time_machine.move_to(as_18h(DIA_DA_SESSAO), tick=True)

    class Relogio:
        @staticmethod
        def ir(dia: date, hora: time = time(18, 0)) -> None:
            time_machine.move_to(datetime.combine(dia, hora, tzinfo=BRASILIA), tick=True)

    return Relogio
MEMBROS_REGULARES = [
    # nome, cor, gênero, estável, carreira, presidente, papel
    ("Ana Presidenta", "preta", "feminino", True, True, True, Papel.TITULAR),
    ("Bruno Segundo", "parda", "masculino", True, False, False, Papel.TITULAR),
    ("Carla Terceira", "branca", "feminino", False, False, False, Papel.TITULAR),
    ("Davi Suplente", "parda", "masculino", True, True, False, Papel.SUPLENTE),
]


@pytest.fixture
def certame_afonso(leis_de_origem, afonso_claudio_publicada, fazer_certame, inscrever, admin_user):  # noqa: F811 (fixtures de tests/concursos)
    """Edital publicado de Afonso Cláudio com um cargo de nível superior e 6 inscrições (3 cotistas)."""
    from concursos.services.certame import certame_publicar

    certame = fazer_certame(municipio="Afonso Cláudio", uf="ES", data_edital=date(2024, 3, 1),
                            cargos=(("ADM", 10, 0),))
    cargo = certame.cargos.get()
    cargo.escolaridade = "4_superior"
    cargo.save()
    inscrever(cargo, [("001", "branca"), ("002", "parda", True), ("003", "preta", True),
                      ("004", "branca"), ("005", "parda", True), ("006", "branca")])
    return certame_publicar(certame=certame, usuario=admin_user)


def criar_membro(comissao: Comissao, nome: str, cor: str, genero: str, estavel: bool, carreira: bool,
                 presidente: bool, papel: str, *, usuario=True, **extra) -> Membro:
    login = None
    if usuario:
        login = get_user_model().objects.create_user(
            username=f"{nome.split()[0].lower()}{comissao.pk}", password=SENHA, first_name=nome)
    dados = dict(comissao=comissao, usuario=login, papel=papel, presidente=presidente, nome=nome,
                 cpf=cpf_valido(), cor_raca=cor, genero=genero, servidor_efetivo=estavel, estavel=estavel,
                 servidor_carreira=carreira, carreira="Analista administrativo" if carreira else "",
                 reside_desde=date(2010, 1, 1), escolaridade="4_superior",
                 reputacao_declarada_em=date(2024, 3, 10), termo_assinado_em=date(2024, 3, 10))
    dados.update(extra)
    return Membro.objects.create(**dados)


@pytest.fixture
def fazer_comissao():
    def fazer(certame, *, instancia=Instancia.PRIMEIRA, membros=MEMBROS_REGULARES, **extra) -> Comissao:
        comissao = Comissao.objects.create(certame=certame, instancia=instancia, ato_designacao="Portaria nº 45/2024",
                                           data_designacao=date(2024, 3, 15), **extra)
        for dados in membros:
            criar_membro(comissao, *dados)
        return comissao
    return fazer


@pytest.fixture
def comissao(certame_afonso, fazer_comissao) -> Comissao:
    return fazer_comissao(certame_afonso)


@pytest.fixture
def presidente(comissao) -> Membro:
    return comissao.membros.get(presidente=True)


@pytest.fixture
def sessao(comissao) -> Sessao:
    return Sessao.objects.create(comissao=comissao, numero=1, data=DIA_DA_SESSAO, inicio=time(9, 0),
                                 local="Auditório da Prefeitura")


@pytest.fixture
def sessao_de(admin_user):
    """A 1ª sessão de uma comissão, no dia da sessão, com `convocar` cotistas convocados (todos, se None)."""
    def fazer(comissao: Comissao, *, convocar: int | None = None) -> Sessao:
        sessao = Sessao.objects.create(comissao=comissao, numero=1, data=DIA_DA_SESSAO, inicio=time(9, 0),
                                       local="Auditório")
        cotistas = list(cotistas_a_convocar(comissao))
        services.sessao_convocar(sessao=sessao, inscricoes=cotistas[:convocar], usuario=admin_user)
        return sessao
    return fazer


@pytest.fixture
def cliente_com():
    """cliente_com("heteroidentificacao.view_comissao", ...): um servidor do RH (staff) só com essas permissões."""
    def fazer(*permissoes: str) -> Client:
        usuario = get_user_model().objects.create_user(f"rh{get_user_model().objects.count()}",
                                                       password="senha-rh-123", is_staff=True)
        lotar_em_todos(usuario)
        for permissao in permissoes:
            app, codigo = permissao.split(".")
            usuario.user_permissions.add(Permission.objects.get(content_type__app_label=app, codename=codigo))
        cliente = Client()
        cliente.force_login(usuario)
        return cliente
    return fazer
