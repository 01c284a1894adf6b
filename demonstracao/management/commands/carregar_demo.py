"""Prepara a demonstração local de `make run`: as leis de origem, um superusuário de demonstração e um
certame realista de Vargem Alta/ES (edital 001/2025, cinco cargos, algumas centenas de inscritos, edital e
resultado publicados), pronto para a convocação inicial.

Idempotente: pode rodar a cada `make run`; o certame de demonstração só é criado se ainda não existir.
"""

from __future__ import annotations

import random
from datetime import date, timedelta
from decimal import Decimal
from importlib import import_module
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand, CommandError
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from concursos.models import (
    Candidato,
    Cargo,
    Certame,
    CorRaca,
    Escolaridade,
    EstadoCertame,
    Genero,
    Inscricao,
    Situacao,
)
from concursos.services.certame import certame_avancar, certame_publicar
from demonstracao.autenticador import garantir_autenticador_da_demo
from demonstracao.certificados import SENHA_DA_DEMONSTRACAO, garantir_certificados_da_demo
from demonstracao.comissao import MEMBROS, SENHA_MEMBROS, garantir_comissao
from demonstracao.documentos import SIGNATARIOS_UBATUBA, garantir_detalhes_dos_cargos, garantir_timbre_de_ubatuba
from demonstracao.monitoramento import garantir_concursos_de_ubatuba, garantir_monitoramento_de_ubatuba
from demonstracao.perfis import garantir_perfis
from legislacao.models import Consequencia, DocumentoAceito, GrupoReserva, Lei
from legislacao.services import lei_informar_publicacao
from nucleo.models import Lotacao, Municipio, Orgao, Poder
from nucleo.texto import plural

USUARIO = "demo"
SENHA = "demo12345"
USUARIO_RH = "rh"
USUARIO_ENCARREGADO = "encarregado"
USUARIO_MONITORAMENTO = "monitoramento"
SENHA_RH = "rh12345678"
LEI_EXEMPLO = "vargem-alta-es-2023"
# CPFs fictícios (dígitos verificadores válidos) dos certificados de demonstração dos signatários de Ubatuba.
CPF_SIGNATARIOS_UBATUBA = ["41827365919", "29583716464"]
AFONSO_CLAUDIO_SLUG = "afonso-claudio-es-lei-2552-2023"

# As leis de origem são carregadas pela migração 0002; daqui elas só são repostas se alguém as apagou.
_cinco_leis = import_module("legislacao.migrations.0002_cinco_leis")
_regras_da_comissao = import_module("legislacao.migrations.0003_regras_da_comissao")
_sem_maioria = import_module("legislacao.migrations.0004_sem_maioria_e_palavras_da_nao_confirmacao")
_regras_de_ubatuba = import_module("legislacao.migrations.0008_regras_de_ubatuba")
_listas_e_autodeclaracao = import_module("legislacao.migrations.0009_listas_e_autodeclaracao_da_lei")
_leis_federais = import_module("legislacao.migrations.0011_leis_federais")
_documentos_aceitos = import_module("legislacao.migrations.0012_documentos_aceitos")
_abrangencia = import_module("legislacao.migrations.0013_afonso_claudio_abrangencia_e_nao_confirmacao")
_reserva_nas_fases = import_module("legislacao.migrations.0015_reserva_nas_fases")
_deliberacao_da_comissao = import_module("legislacao.migrations.0016_deliberacao_da_comissao")
_monitoramento_da_lei = import_module("legislacao.migrations.0018_monitoramento_da_lei")

# Os códigos do IBGE (nucleo/dados/municipios_ibge.csv) dos municípios dos dois órgãos da demonstração.
VARGEM_ALTA = 3205036
AFONSO_CLAUDIO = 3200102
# O certame de demonstração: edital posterior à lei de Vargem Alta (19/05/2023), que por isso se aplica.
ORGAO = "Prefeitura Municipal de Vargem Alta"
EDITAL = "001/2025"
DATA_EDITAL = date(2025, 3, 10)
# código, nome, escolaridade, vagas, vagas PcD, inscritos. MED fica abaixo do mínimo de 3 vagas (art. 2º, § 1º),
# para o painel mostrar o aviso; ADM e PROF têm vagas PcD.
CARGOS_DEMO = [
    ("ADM", "Agente administrativo", Escolaridade.MEDIO, 20, 1, 140),
    ("PROF", "Professor de educação básica II", Escolaridade.SUPERIOR, 12, 1, 90),
    ("MOT", "Motorista de veículos pesados", Escolaridade.FUNDAMENTAL, 6, 0, 55),
    ("ENF", "Enfermeiro", Escolaridade.SUPERIOR, 5, 0, 50),
    ("MED", "Médico clínico geral", Escolaridade.SUPERIOR, 2, 0, 25),
]
# O certame de Afonso Cláudio (Lei 2.552/2023, com heteroidentificação): inscrições encerradas, antes da
# última fase eliminatória (art. 9º, § 7º), com a comissão designada e a 1ª sessão agendada.
ORGAO_AFONSO = "Câmara Municipal de Afonso Cláudio"
EDITAL_AFONSO = "002/2025"
# O texto da Lei 2.552/2023 traz só a data de aprovação pela Câmara (30/11/2023), e a lei vigora na publicação
# (art. 14): sem a data, ela não se aplica a edital nenhum. A demonstração informa uma data DE EXEMPLO, dita assim nas
# observações da lei e na saída do comando, para o certame de demonstração (edital de 03/02/2025) ter a sua lei.
PUBLICACAO_AFONSO_EXEMPLO = date(2023, 12, 4)
OBSERVACAO_EXEMPLO = (f"Demonstração: a data de publicação {PUBLICACAO_AFONSO_EXEMPLO:%d/%m/%Y} foi informada pelo "
                      "carregar_demo como exemplo, não é a oficial; confira-a no diário oficial do Município.")
# O que o edital de demonstração diz do candidato não confirmado (a lei deixa ao edital: art. 9º, § 10).
ITEM_NAO_CONFIRMACAO_AFONSO = "item 8.9"
CARGOS_AFONSO = [
    ("ASL", "Assistente legislativo", Escolaridade.MEDIO, 10, 1, 70),
    ("PROC", "Procurador legislativo", Escolaridade.SUPERIOR, 5, 0, 40),
]

# Cor ou raça dos inscritos, próxima da do Espírito Santo no Censo 2022 (mais indígenas, para haver a lista).
CORES_DEMO = [(CorRaca.PARDA, 46), (CorRaca.BRANCA, 39), (CorRaca.PRETA, 11), (CorRaca.INDIGENA, 3),
              (CorRaca.AMARELA, 1)]
NOMES = ["Ana", "Maria", "Juliana", "Fernanda", "Patrícia", "Aline", "Camila", "Larissa", "Beatriz", "Luana",
         "Rafaela", "Gabriela", "Vitória", "Daniela", "Tatiane", "Simone", "João", "José", "Carlos", "Paulo",
         "Lucas", "Pedro", "Marcos", "Rafael", "Gabriel", "Thiago", "Bruno", "Diego", "Rodrigo", "Leandro",
         "Anderson", "Wesley", "Matheus", "Felipe", "Gustavo", "Vinícius", "Renato", "Jefferson", "Elias", "Samuel"]
SOBRENOMES = ["Silva", "Santos", "Oliveira", "Souza", "Pereira", "Costa", "Rodrigues", "Almeida", "Nascimento",
              "Lima", "Araújo", "Fernandes", "Carvalho", "Gomes", "Martins", "Rocha", "Ribeiro", "Alves", "Monteiro",
              "Mendes", "Barros", "Freitas", "Barbosa", "Pinto", "Moura", "Cavalcanti", "Dias", "Castro", "Campos",
              "Cardoso", "Zanotti", "Bravim", "Caliman", "Falqueto", "Entringer", "Schimidt", "Pagani", "Tesch"]
# Números-base dos CPFs de demonstração (os 9 primeiros dígitos), longe dos que se digitam à mão.
CPF_BASE = 512_300_000


def cpf_com_digitos(base: int) -> str:
    """Os 9 dígitos da base e os 2 verificadores (módulo 11 da Receita Federal)."""
    digitos = [int(d) for d in f"{base % 10**9:09d}"]
    for tamanho in (9, 10):
        soma = sum(d * (tamanho + 1 - i) for i, d in enumerate(digitos[:tamanho]))
        resto = soma % 11
        digitos.append(0 if resto < 2 else 11 - resto)
    return "".join(map(str, digitos))


def preencher_certame(certame: Certame, cargos, cpf_base: int, *, etapa: str, semente: int = 2025,
                      sem_reserva: tuple[str, ...] = ()) -> Certame:
    """Cria os cargos e os inscritos sorteados (classificados pela nota), publica o edital e avança até `etapa`. Nos
    cargos de `sem_reserva` ninguém opta pela reserva."""
    usuario = get_user_model().objects.get(**{get_user_model().USERNAME_FIELD: USUARIO})
    sorteio = random.Random(semente)
    # Cada órgão tem o seu cadastro de candidatos (decisão 0005): os CPFs já usados contam só no órgão do certame.
    do_orgao = Candidato.objects.filter(orgao_id=certame.orgao_id)
    ocupados = set(do_orgao.filter(cpf__startswith=str(cpf_base)[:4]).values_list("cpf", flat=True))
    base = cpf_base
    for codigo, nome, escolaridade, vagas, vagas_pcd, inscritos in cargos:
        cargo = Cargo.objects.create(certame=certame, codigo=codigo, nome=nome, escolaridade=escolaridade,
                                     vagas=vagas, vagas_pcd=vagas_pcd)
        candidatos, dados = [], []
        while len(candidatos) < inscritos:
            base += 1
            cpf = cpf_com_digitos(base)
            if cpf in ocupados:
                continue
            candidato, inscricao = _sortear_inscrito(sorteio, cpf, certame.orgao_id)
            inscricao["reserva"] = inscricao["reserva"] and codigo not in sem_reserva
            candidatos.append(candidato)
            dados.append(inscricao)
        Candidato.objects.bulk_create(candidatos)
        # A banca classifica pela nota final (desempates já aplicados): 1 = melhor.
        ordem = sorted(range(inscritos), key=lambda i: -dados[i]["nota_final"])
        classificacao = {i: posicao for posicao, i in enumerate(ordem, 1)}
        Inscricao.objects.bulk_create([
            Inscricao(certame=certame, cargo=cargo, candidato=candidato, numero=f"{codigo}-{i + 1:04d}",
                      classificacao=classificacao[i], **dados[i])
            for i, candidato in enumerate(do_orgao.filter(cpf__in=[c.cpf for c in candidatos]).order_by("cpf"))
        ])
    certame = certame_publicar(certame=certame, usuario=usuario)
    while not certame.alcancou(etapa):
        certame = certame_avancar(certame=certame, usuario=usuario)
    return certame


def _sortear_inscrito(sorteio: random.Random, cpf: str, orgao_id: int) -> tuple[Candidato, dict]:
    cor = sorteio.choices([c for c, _ in CORES_DEMO], weights=[p for _, p in CORES_DEMO])[0]
    genero = sorteio.choice([Genero.FEMININO, Genero.MASCULINO])
    primeiro = sorteio.choice(NOMES[:16] if genero == Genero.FEMININO else NOMES[16:])
    nome = f"{primeiro} {sorteio.choice(SOBRENOMES)} {sorteio.choice(SOBRENOMES)}"
    pcd = sorteio.random() < 0.05
    quilombola = cor == CorRaca.PRETA and sorteio.random() < 0.1
    # Cerca de dois terços dos negros e indígenas optam pela reserva; os demais concorrem só na ampla.
    reserva = cor in (CorRaca.PRETA, CorRaca.PARDA, CorRaca.INDIGENA) and sorteio.random() < 0.65
    candidato = Candidato(orgao_id=orgao_id, nome=nome, cpf=cpf, genero=genero, cor_raca=cor, quilombola=quilombola,
                          pcd=pcd, data_nascimento=date(1975, 1, 1) + timedelta(days=sorteio.randrange(9000)),
                          email=f"{cpf}@exemplo.org")
    inscricao = {
        "reserva": reserva, "cor_raca": cor, "quilombola": quilombola, "pcd": pcd,
        "autodeclaracao_em": date(2025, 3, 17) + timedelta(days=sorteio.randrange(30)),
        "nota_final": Decimal(sorteio.randrange(35_000, 96_000)) / 1000,
        "situacao": Situacao.ELIMINADO if sorteio.random() < 0.08 else Situacao.HABILITADO,
    }
    return candidato, inscricao


class Command(BaseCommand):
    help = ("Prepara a demonstração local: confere as cinco leis de origem e cria (ou redefine a senha de) "
            f"um superusuário «{USUARIO}». Só para uso local.")

    def handle(self, *args, **options):
        self._exigir_migracoes()
        with transaction.atomic():
            repostas = self._garantir_leis()
            criado = self._garantir_superusuario()
            garantir_perfis()
            self._garantir_usuario_rh()
            chaves = {nome: garantir_autenticador_da_demo(nome) for nome in (USUARIO, USUARIO_RH)}
        with transaction.atomic():
            certame, certame_criado = self._garantir_certame()
        with transaction.atomic():
            exemplo = self._publicacao_de_exemplo()
            comissao, logins = self._garantir_certame_com_comissao()
            ubatuba = garantir_concursos_de_ubatuba(self._superusuario(), preencher_certame, CPF_BASE + 200_000)
            self._lotar_usuarios([certame.orgao_id, comissao.certame.orgao_id, ubatuba[0].orgao_id])
            garantir_timbre_de_ubatuba(ubatuba[0].orgao)
            garantir_detalhes_dos_cargos([certame.orgao_id, comissao.certame.orgao_id, ubatuba[0].orgao_id])
            chaves[USUARIO_ENCARREGADO] = garantir_autenticador_da_demo(USUARIO_ENCARREGADO)
            monitoramento = garantir_monitoramento_de_ubatuba(ubatuba[0].orgao, self._superusuario(),
                                                              self._membro_do_monitoramento(ubatuba[0].orgao_id))
            chaves[USUARIO_MONITORAMENTO] = garantir_autenticador_da_demo(USUARIO_MONITORAMENTO)
        self._relatar(repostas, criado)
        self._relatar_autenticadores(chaves)
        self._relatar_certame(certame, certame_criado)
        self._relatar_comissao(comissao, logins)
        self._relatar_monitoramento(ubatuba, *monitoramento)
        self._relatar_certificados()
        if exemplo is not None:
            self.stdout.write(self.style.WARNING(
                f"A Lei 2.552/2023 de Afonso Cláudio não traz a data de publicação (art. 14): a demonstração informou "
                f"{PUBLICACAO_AFONSO_EXEMPLO:%d/%m/%Y} COMO EXEMPLO, não a oficial (veja as observações da lei)."))

    def _exigir_migracoes(self) -> None:
        executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
        if executor.migration_plan(executor.loader.graph.leaf_nodes()):
            raise CommandError("Há migrações pendentes: rode antes «python manage.py migrate».")

    def _garantir_leis(self) -> list[str]:
        """Repõe, com os mesmos dados das migrações, as leis de origem (as cinco municipais e os dois modelos
        federais) que não estiverem no banco."""
        existentes = set(Lei.objects.values_list("slug", flat=True))
        repostas = []
        for dados in _cinco_leis.LEIS:
            if dados["slug"] in existentes:
                continue
            dados = {**_abrangencia.dados_atuais({**_regras_de_ubatuba.dados_atuais(_sem_maioria.dados_atuais(dados)),
                                                  **_listas_e_autodeclaracao.DADOS[dados["slug"]]}),
                     "artigo_fases": _reserva_nas_fases.ARTIGO_FASES.get(dados["slug"], "")}
            grupos = dados.pop("grupos")
            dados["municipio"] = Municipio.objects.pelo_nome(dados.pop("municipio"), dados.pop("uf"))
            texto = (_cinco_leis.TEXTOS / f"{dados['slug']}.txt").read_text(encoding="utf-8")
            lei = Lei.objects.create(esfera="municipal", texto=texto, **dados)
            self._criar_grupos(lei, grupos)
            repostas.append(lei.slug)
        Lei.objects.filter(slug__in=repostas, slug=AFONSO_CLAUDIO_SLUG).update(
            **_regras_da_comissao.AFONSO_CLAUDIO)
        for dados in _leis_federais.LEIS:
            if dados["slug"] in existentes:
                continue
            dados = _abrangencia.dados_atuais(
                dict(dados, artigo_fases=_reserva_nas_fases.ARTIGO_FASES.get(dados["slug"], ""),
                     observacoes=dados.get("observacoes", "").replace(_reserva_nas_fases.NAO_APLICADO, "")))
            grupos = dados.pop("grupos")
            lei = Lei.objects.create(esfera="federal", texto=_leis_federais.texto(dados["slug"]), **dados)
            self._criar_grupos(lei, grupos)
            repostas.append(lei.slug)
        for slug, dados in _deliberacao_da_comissao.DADOS.items():
            Lei.objects.filter(slug__in=repostas, slug=slug).update(**dados)
        for slug, dados in _monitoramento_da_lei.DADOS.items():
            Lei.objects.filter(slug__in=repostas, slug=slug).update(**dados)
        return repostas

    def _criar_grupos(self, lei: Lei, grupos: list[dict]) -> None:
        """Os grupos da lei; o texto livre dos documentos (migrações 0002 e 0011) virou regras: os documentos aceitos
        (migração 0012)."""
        criados = GrupoReserva.objects.bulk_create(
            GrupoReserva(lei=lei, ordem=ordem, **{k: v for k, v in dict(
                grupo, percentual=Decimal(grupo["percentual"])).items() if k != "documentos"})
            for ordem, grupo in enumerate(grupos, 1)
        )
        for grupo in criados:
            self._garantir_documentos(lei, grupo)

    @staticmethod
    def _garantir_documentos(lei: Lei, grupo: GrupoReserva) -> None:
        origem = _documentos_aceitos.documentos_de_origem(lei.slug, grupo.codigo)
        if origem is None:
            return
        GrupoReserva.objects.filter(pk=grupo.pk).update(documentos_regra=origem["regra"],
                                                        artigo_documentos=origem["artigo_documentos"])
        DocumentoAceito.objects.bulk_create(DocumentoAceito(grupo=grupo, ordem=ordem, **tipo)
                                            for ordem, tipo in enumerate(origem["tipos"], 1))

    @staticmethod
    def _conta(login: str, grupo: str):
        """Uma conta da equipe sem superpoderes: o que o grupo pode, e nada mais."""
        Usuario = get_user_model()
        usuario, _ = Usuario.objects.get_or_create(**{Usuario.USERNAME_FIELD: login})
        usuario.is_staff = usuario.is_active = True
        usuario.set_password(SENHA_RH)
        usuario.save()
        usuario.groups.add(Group.objects.get(name=grupo))
        return usuario

    def _garantir_usuario_rh(self) -> None:
        self._conta(USUARIO_RH, "Recursos humanos")

    def _lotar_usuarios(self, orgaos: list[int]) -> None:
        """O RH e o encarregado de dados da demonstração trabalham para os dois órgãos, como a equipe de uma banca."""
        for usuario in (get_user_model().objects.get(username=USUARIO_RH),
                        self._conta(USUARIO_ENCARREGADO, "Encarregado de dados")):
            for orgao_id in orgaos:
                Lotacao.objects.get_or_create(usuario=usuario, orgao_id=orgao_id)

    def _membro_do_monitoramento(self, orgao_id: int):
        """O membro da comissão de monitoramento de Ubatuba: vê os indicadores agregados só do seu órgão."""
        usuario = self._conta(USUARIO_MONITORAMENTO, "Comissão de monitoramento")
        Lotacao.objects.get_or_create(usuario=usuario, orgao_id=orgao_id)
        return usuario

    @staticmethod
    def _superusuario():
        return get_user_model().objects.get(**{get_user_model().USERNAME_FIELD: USUARIO})

    def _garantir_superusuario(self) -> bool:
        Usuario = get_user_model()
        usuario, criado = Usuario.objects.get_or_create(**{Usuario.USERNAME_FIELD: USUARIO})
        usuario.is_staff = usuario.is_superuser = usuario.is_active = True
        usuario.set_password(SENHA)
        usuario.save()
        return criado

    def _garantir_certame(self) -> tuple[Certame, bool]:
        """O certame de demonstração de Vargem Alta, com edital e resultado publicados (só se ainda não existe)."""
        existente = Certame.objects.filter(orgao__nome=ORGAO, numero_edital=EDITAL).first()
        if existente is not None:
            return existente, False
        orgao, _ = Orgao.objects.get_or_create(nome=ORGAO, defaults={"sigla": "PMVA", "municipio_id": VARGEM_ALTA})
        certame = Certame.objects.create(
            orgao=orgao, numero_edital=EDITAL, titulo="Concurso público para cargos efetivos",
            data_edital=DATA_EDITAL, inscricoes_inicio=date(2025, 3, 17),
            inscricoes_fim=date(2025, 4, 16))
        return preencher_certame(certame, CARGOS_DEMO, CPF_BASE, etapa=EstadoCertame.RESULTADO), True

    def _publicacao_de_exemplo(self) -> Lei | None:
        """A data de publicação de exemplo de Afonso Cláudio, se a lei ainda não tem nenhuma (a que alguém informou
        fica); devolve a lei, se a informou."""
        lei = Lei.objects.vigentes_versoes().filter(slug=AFONSO_CLAUDIO_SLUG).first()
        if lei is None or lei.data_publicacao is not None:
            return None
        usuario = get_user_model().objects.get(**{get_user_model().USERNAME_FIELD: USUARIO})
        return lei_informar_publicacao(lei=lei, data=PUBLICACAO_AFONSO_EXEMPLO, usuario=usuario,
                                       motivo="Demonstração: data de publicação de exemplo.",
                                       observacao=OBSERVACAO_EXEMPLO)

    def _garantir_certame_com_comissao(self):
        """O certame de Afonso Cláudio e a sua comissão de heteroidentificação (só se ainda não existem)."""
        certame = Certame.objects.filter(orgao__nome=ORGAO_AFONSO, numero_edital=EDITAL_AFONSO).first()
        if certame is None:
            orgao, _ = Orgao.objects.get_or_create(nome=ORGAO_AFONSO, defaults={
                "sigla": "CMAC", "municipio_id": AFONSO_CLAUDIO, "poder": Poder.LEGISLATIVO})
            certame = Certame.objects.create(
                orgao=orgao, numero_edital=EDITAL_AFONSO, titulo="Concurso público da Câmara Municipal",
                data_edital=date(2025, 2, 3), nao_confirmacao=Consequencia.AMPLA,
                item_nao_confirmacao=ITEM_NAO_CONFIRMACAO_AFONSO,
                inscricoes_inicio=date(2025, 2, 10), inscricoes_fim=date(2025, 3, 12))
            certame = preencher_certame(certame, CARGOS_AFONSO, CPF_BASE + 50_000, semente=2023,
                                        etapa=EstadoCertame.INSCRICOES_ENCERRADAS)
        usuario = get_user_model().objects.get(**{get_user_model().USERNAME_FIELD: USUARIO})
        return garantir_comissao(certame, usuario)

    def _relatar_autenticadores(self, chaves: dict[str, str]) -> None:
        self.stdout.write("")
        self.stdout.write("Verificação em duas etapas (exigida das contas acima, que veem cor ou raça): depois da "
                          "senha, o admin pede o código de 6 dígitos. Cadastre a chave num aplicativo autenticador "
                          "(FreeOTP, Google Authenticator…) ou veja o código atual com:")
        for nome, chave in chaves.items():
            self.stdout.write(f"    {nome}: .venv/bin/python -m acesso.codigo_totp \"{chave}\"")

    def _relatar_monitoramento(self, certames: list[Certame], comissao, relatorio) -> None:
        self.stdout.write("")
        anos = f"{certames[0].data_edital.year} a {certames[-1].data_edital.year}"
        painel = f"{settings.SITE_URL}{reverse('monitoramento:painel')}"
        self.stdout.write(f"Monitoramento: {len(certames)} concursos de {certames[0].orgao.nome} ({anos}), com "
                          "nomeações para cargos em comissão e estágios de 2018 a 2023.\n"
                          f"    Indicadores da reserva de vagas: {painel}\n"
                          f"    Em 2020 os cargos em comissão ficam abaixo do piso: {painel}?orgao={comissao.orgao_id}"
                          "&ano=2020")
        ficha_da_comissao = reverse("admin:monitoramento_comissaomonitoramento_change", args=[comissao.pk])
        ficha_do_relatorio = reverse("admin:monitoramento_relatoriomonitoramento_change", args=[relatorio.pk])
        self.stdout.write(f"    Comissão de monitoramento ({comissao.ato_numero}): "
                          f"{settings.SITE_URL}{ficha_da_comissao}")
        self.stdout.write(f"    Relatório anual de 2023 ({relatorio.get_estado_display().lower()}): "
                          f"{settings.SITE_URL}{ficha_do_relatorio}")
        self.stdout.write(f"    Membro da comissão (grupo «Comissão de monitoramento», só o órgão de Ubatuba): "
                          f"{USUARIO_MONITORAMENTO} / {SENHA_RH}")

    def _relatar_comissao(self, comissao, logins: list[str]) -> None:
        self.stdout.write("")
        self.stdout.write(self.style.SUCCESS(
            f"Comissão de heteroidentificação de demonstração: edital {comissao.certame.numero_edital} de "
            f"{comissao.certame.orgao.nome} (Lei 2.552/2023), 1ª sessão agendada com cotistas convocados."))
        self.stdout.write(f"    Área da comissão: {settings.SITE_URL}{reverse('comissao:entrar')}")
        self.stdout.write(f"    Membros (senha «{SENHA_MEMBROS}», só para demonstração local): {', '.join(logins)}")

    def _relatar_certificados(self) -> None:
        """Certificados A1 de uma AC de demonstração, para experimentar a assinatura digital dos documentos: um para
        cada membro da comissão (a ata só aceita, em cada linha, o certificado do CPF do membro) e cada signatário
        de Ubatuba."""
        titulares = [(m[1], m[8]) for m in MEMBROS] + [
            (nome, cpf) for (nome, _), cpf in zip(SIGNATARIOS_UBATUBA, CPF_SIGNATARIOS_UBATUBA, strict=True)]
        pasta = Path(settings.MEDIA_ROOT) / "demonstracao" / "certificados"
        garantir_certificados_da_demo(pasta, titulares)
        self.stdout.write("")
        self.stdout.write(self.style.SUCCESS(
            "Assinatura digital: certificados A1 de uma AC de demonstração (não é ICP-Brasil), um para cada membro "
            "da comissão e cada signatário de Ubatuba,"))
        self.stdout.write(f"    em {pasta} (senha «{SENHA_DA_DEMONSTRACAO}»). Emita a ata, o quadro ou o edital de "
                          "convocação e use «Assinar» em Documentos emitidos.")
        self.stdout.write("    O `make run` confia na raiz da demonstração (ASSINATURA_RAIZES): a página de "
                          "verificação dá as assinaturas como válidas.")

    def _relatar_certame(self, certame: Certame, criado: bool) -> None:
        inscricoes = certame.inscricoes.count()
        situacao = "criado" if criado else "já existia"
        self.stdout.write("")
        self.stdout.write(self.style.SUCCESS(
            f"Certame de demonstração {situacao}: edital {certame.numero_edital} de {certame.orgao.nome} "
            f"({certame.get_estado_display()}, {certame.cargos.count()} cargos, {inscricoes} inscrições)."))
        self.stdout.write(f"    {settings.SITE_URL}{reverse('admin:concursos_certame_painel', args=[certame.pk])}")
        self.stdout.write("    Próximo passo: «Convocação inicial» no painel do certame.")

    def _relatar(self, repostas: list[str], criado: bool) -> None:
        escrever, estilo = self.stdout.write, self.style
        total = Lei.objects.vigentes_versoes().count()
        if repostas:
            escrever(estilo.WARNING(f"Leis de origem repostas: {', '.join(repostas)}."))
        escrever(estilo.SUCCESS(f"{plural(total, 'lei cadastrada', 'leis cadastradas')}, entre elas as cinco de "
                                "origem."))
        escrever("")
        escrever(estilo.WARNING(
            "ATENÇÃO: usuário e senha abaixo são SÓ PARA DEMONSTRAÇÃO LOCAL. Nunca use esta conta nem este "
            "comando num servidor acessível por outras pessoas."))
        escrever(f"  Superusuário {'criado' if criado else 'existente, senha redefinida'}:")
        escrever(f"    usuário: {USUARIO}")
        escrever(f"    senha:   {SENHA}")
        escrever(f"  Usuário do RH (grupo «Recursos humanos», sem ser superusuário): {USUARIO_RH} / {SENHA_RH}")
        escrever(f"  Encarregado de dados (lê o registro de acessos a dados sensíveis): {USUARIO_ENCARREGADO} / "
                 f"{SENHA_RH}")
        escrever("")
        escrever(f"Abra {settings.SITE_URL}{reverse('admin:index')} e entre com esse usuário.")
        escrever("Simulador do quadro de vagas e da convocação: "
                 f"{settings.SITE_URL}{reverse('admin:legislacao_simulador')} "
                 "(ou o botão «Simulador do quadro de vagas» na lista de leis); pela linha de comando:")
        escrever(f"    python manage.py simular_vagas --lei {LEI_EXEMPLO} --vagas 50 --vagas-pcd 3")
        escrever(f"    python manage.py simular_convocacao --lei {LEI_EXEMPLO} --vagas 50 --inscricoes ARQUIVO.csv")
