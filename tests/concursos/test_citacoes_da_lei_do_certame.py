"""Nenhuma citação de lei escrita no código (issue 12, item 6): um certame sob cada uma das cinco leis de origem, do
rascunho à homologação, com a comissão de heteroidentificação, os recursos e o procedimento de fraude; toda página
do admin, da área da comissão e pública, e todo PDF, só citam a lei congelada no certame (e as normas que não são
de nenhuma lei municipal). Os dispositivos de cada lei vão marcados com um sufixo dela (tests/concursos/citacoes.py):
um artigo escrito no código aparece sem a marca, ainda que seja o mesmo número da lei do certame.

Os PDFs são lidos pelo HTML que vai ao WeasyPrint (o mesmo texto, sem gastar um segundo por documento); um por lei
sai de verdade e é lido do próprio PDF (pypdf)."""

from __future__ import annotations

import io
import re
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db.models import CharField
from django.test import Client
from django.urls import reverse

from concursos.importacao.servico import importar
from concursos.models import Candidato, Cargo, Certame, Convocacao, Heteroidentificacao, Inscricao
from concursos.services.certame import certame_avancar, certame_publicar
from concursos.services.inscricao import documento_conferir, documento_registrar
from concursos.services.nomeacao import nomeacao_registrar, posse_registrar
from documentos import pdf as documentos_pdf
from documentos.models import DocumentoEmitido
from heteroidentificacao import services as hetero
from heteroidentificacao.models import Comissao, FormaVotacao, Membro, Papel, Sessao
from heteroidentificacao.selectors import cotistas_a_convocar
from legislacao.models import DocumentoAceito, GrupoReserva, Lei, citar
from nucleo.models import Orgao
from nucleo.servicos import ErroOperacao
from tests.concursos.citacoes import LEIS, LeiDeOrigem, normal, problemas, texto_do_html
from tests.concursos.conftest import cpf_valido, prazos_do_edital
from tests.conftest import municipio
from tests.documentos.pdfs import texto as texto_do_pdf

pytestmark = pytest.mark.django_db

BRASILIA = ZoneInfo("America/Sao_Paulo")
PARECER = "Pele parda e cabelo crespo: o conjunto corresponde à autodeclaração."
PARECER_NAO = ("Pele clara, cabelo liso e traços faciais finos que, no conjunto, não correspondem ao fenótipo "
               "declarado na inscrição.")
SHA256 = "ab" * 32
# nome, cor, gênero, estável, carreira, presidente, papel (como em tests/heteroidentificacao/conftest.py)
MEMBROS = [("Ana Presidenta", "preta", "feminino", True, True, True, Papel.TITULAR),
           ("Bruno Segundo", "parda", "masculino", True, False, False, Papel.TITULAR),
           ("Carla Terceira", "branca", "feminino", False, False, False, Papel.TITULAR),
           ("Davi Suplente", "parda", "masculino", True, True, False, Papel.SUPLENTE)]
# inscrição, cor, reserva, PcD, quilombola: na ordem da classificação.
INSCRITOS = [("B1", "branca", False, False, False), ("N1", "parda", True, False, False),
             ("B2", "branca", False, False, False), ("N2", "preta", True, False, True),
             ("P1", "branca", False, True, False), ("N3", "parda", True, False, False),
             ("I1", "indigena", True, False, False), ("B3", "branca", False, False, False),
             ("N4", "preta", True, False, False), ("B4", "branca", False, False, False)]


def _campos_de_artigo(modelo) -> list[str]:
    return [f.name for f in modelo._meta.concrete_fields if f.name.startswith("artigo") and isinstance(f, CharField)]


def marcar(lei: Lei, origem: LeiDeOrigem) -> list[str]:
    """Acrescenta o sufixo da lei a cada dispositivo dela, dos seus grupos e dos documentos que aceita; devolve o que
    a tela pode mostrar como está (os dispositivos marcados, o texto integral e as observações)."""
    dados = [lei.texto, lei.observacoes, lei.ementa]
    for objeto, campos in ((lei, _campos_de_artigo(Lei)),
                           *((g, _campos_de_artigo(GrupoReserva)) for g in lei.grupos.all()),
                           *((d, _campos_de_artigo(DocumentoAceito))
                             for d in DocumentoAceito.objects.filter(grupo__lei=lei))):
        mudou = {c: getattr(objeto, c) + origem.sufixo for c in campos if getattr(objeto, c)}
        type(objeto).objects.filter(pk=objeto.pk).update(**mudou)
        dados += mudou.values()
    return dados


class Leitor:
    """Guarda o texto de cada página e de cada PDF lidos, com a origem, para conferir todos no fim."""

    def __init__(self, cliente: Client):
        self.cliente = cliente
        self.textos: list[tuple[str, str]] = []

    def pagina(self, url: str, *, dados: dict | None = None, status=(200,)) -> str:
        resposta = (self.cliente.post(url, dados, follow=True) if dados is not None
                    else self.cliente.get(url, follow=True))
        assert resposta.status_code in status, (url, resposta.status_code)
        if resposta.get("Content-Type", "").startswith("text/html"):
            self.textos.append((url, texto_do_html(resposta.content.decode())))
        return resposta.content.decode(errors="replace")

    def texto(self, origem: str, texto: str) -> None:
        self.textos.append((origem, texto))


class PdfsEmHtml(list):
    """O HTML de cada PDF emitido; `renderizar` faz o PDF de verdade de um deles."""

    renderizar = staticmethod(documentos_pdf.renderizar_pdf_com_campos)


@pytest.fixture
def pdfs_em_html(monkeypatch):
    """Os PDFs emitidos guardam um arquivo mínimo; o HTML que iria ao WeasyPrint fica para a conferência."""
    lidos = PdfsEmHtml()

    def renderizar(html: str) -> tuple[bytes, int, dict]:
        lidos.append(html)
        return b"%PDF-1.4\n%%EOF\n", 1, {}

    monkeypatch.setattr(documentos_pdf, "renderizar_pdf_com_campos", renderizar)
    return lidos


@pytest.fixture
def midia(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def _membro(comissao: Comissao, nome, cor, genero, estavel, carreira, presidente, papel) -> Membro:
    login = get_user_model().objects.create_user(username=f"{nome.split()[0].lower()}{comissao.pk}",
                                                 password="senha-forte-123", first_name=nome)
    return Membro.objects.create(
        comissao=comissao, usuario=login, papel=papel, presidente=presidente, nome=nome, cpf=cpf_valido(),
        cor_raca=cor, genero=genero, servidor_efetivo=estavel, estavel=estavel, servidor_carreira=carreira,
        carreira="Analista administrativo" if carreira else "", reside_desde=date(2010, 1, 1),
        escolaridade="4_superior", reputacao_declarada_em=date(2024, 1, 10), termo_assinado_em=date(2024, 1, 10))


class Cenario:
    """Um certame pequeno sob a lei `origem`, levado etapa por etapa; em cada uma, o leitor lê as páginas dela."""

    def __init__(self, origem: LeiDeOrigem, leitor: Leitor, admin_user, relogio):
        self.origem, self.ler, self.admin, self.relogio = origem, leitor, admin_user, relogio
        self.d = origem.data_edital
        local = municipio(origem.municipio, origem.uf)
        self.orgao = Orgao.objects.create(nome=f"Prefeitura Municipal de {origem.municipio}", municipio=local)
        self.certame = Certame.objects.create(
            orgao=self.orgao, numero_edital="001/2024", titulo="Concurso público para o quadro efetivo",
            municipio=local, data_edital=self.d, prazo_posse_dias=30, prazo_exercicio_dias=15,
            **prazos_do_edital(self.d))
        self.cargo = Cargo.objects.create(certame=self.certame, codigo="ADM", nome="Assistente administrativo",
                                          vagas=5, vagas_pcd=1, escolaridade="4_superior")
        Cargo.objects.create(certame=self.certame, codigo="MOT", nome="Motorista", vagas=2)
        for i, (numero, cor, reserva, pcd, quilombola) in enumerate(INSCRITOS, 1):
            candidato = Candidato.objects.create(orgao=self.orgao, nome=f"Candidato {numero}", cpf=cpf_valido(),
                                                 cor_raca=cor)
            Inscricao.objects.create(certame=self.certame, cargo=self.cargo, candidato=candidato, numero=numero,
                                     reserva=reserva, cor_raca=cor, pcd=pcd, quilombola=quilombola, classificacao=i,
                                     nota_final=100 - i)

    def ir(self, dias: int, hora: time = time(18, 0)) -> date:
        dia = self.d + timedelta(days=dias)
        self.relogio(dia, hora)
        return dia

    def url(self, nome: str, *args) -> str:
        return reverse(f"admin:{nome}", args=args)

    def rascunho(self) -> None:
        c = self.certame.pk
        self.ir(1)
        for nome in ("concursos_certame_painel", "concursos_certame_publicar", "concursos_certame_change"):
            self.ler.pagina(self.url(nome, c))
        self.ler.pagina(self.url("concursos_certame_quadro_pdf", c))
        self.ler.pagina(reverse("admin:legislacao_simulador") + f"?lei={self.certame_lei().pk}")
        self.ler.pagina(reverse("admin:legislacao_simulador"),
                        dados={"lei": self.certame_lei().pk, "vagas": 20, "vagas_pcd": 1, "posicoes": ""})
        self.ler.pagina(reverse("admin:legislacao_qual_lei") + f"?municipio={self.origem.municipio}"
                        f"&uf={self.origem.uf}&data_edital={self.d:%d/%m/%Y}")
        self.certame = certame_publicar(certame=self.certame, usuario=self.admin, publicacao="Diário Oficial")

    def certame_lei(self) -> Lei:
        return Lei.objects.get(slug=self.origem.slug)

    def inscricoes(self) -> None:
        """A autodeclaração não muda depois da inscrição: o encerramento, a ficha, o erro do modelo e o da importação
        citam o dispositivo da lei do certame (p. ex. Vargem Alta art. 3º; Iúna art. 2º, I e II), ou nenhum."""
        c = self.certame.pk
        citacao = citar(self.certame.resumo_lei["artigo_autodeclaracao"])
        assert f"não mudam mais{citacao}." in texto_do_html(self.ler.pagina(self.url("concursos_certame_avancar", c)))
        self.ler.pagina(self.url("concursos_certame_importar", c))
        self.certame = certame_avancar(certame=self.certame, usuario=self.admin, data=self.ir(38))
        assert f"não mudam mais{citacao}." in texto_do_html(self.ler.pagina(self.url("concursos_certame_importar", c)))
        inscricao = Inscricao.objects.get(certame=self.certame, numero="N1")
        ficha = self.ler.pagina(self.url("concursos_inscricao_change", inscricao.pk))
        assert f"não mudam mais{citacao}." in texto_do_html(ficha)
        inscricao.cor_raca = "branca"
        with pytest.raises(ValidationError) as erro:
            inscricao.full_clean()
        assert f"não mudam mais{citacao}. Campos alterados" in erro.value.messages[0]
        self.ler.texto("Inscricao.clean", " ".join(erro.value.messages))
        arquivo = (b"inscricao,cargo,nome,cpf,cor_raca,quilombola,pcd,reserva\n"
                   + f"N1,ADM,Candidato N1,{inscricao.candidato.cpf},branca,nao,nao,nao\n".encode())
        erros = [str(e) for e in importar(certame=self.certame, arquivo=io.BytesIO(arquivo), nome="banca.csv").erros]
        assert erros and all(f"não mudam mais{citacao};" in e for e in erros if "cor_raca" in e)
        self.ler.texto("importação depois do encerramento", " ".join(erros))

    def comissao(self) -> None:
        comissao = Comissao.objects.create(certame=self.certame, ato_designacao="Portaria nº 45/2024",
                                           data_designacao=self.d + timedelta(days=38), recursos_pela_mesma=True)
        self.comissao_ = comissao
        for dados in MEMBROS:
            _membro(comissao, *dados)
        titulares = list(comissao.membros.filter(papel=Papel.TITULAR).order_by("nome"))
        presidente = comissao.membros.get(presidente=True)
        self.presidente = presidente
        dia = self.ir(40, time(8, 0))
        sessao = Sessao.objects.create(comissao=comissao, numero=1, data=dia, inicio=time(9, 0), local="Auditório")
        k = comissao.pk
        self.ler.pagina(self.url("heteroidentificacao_comissao_change", k))
        self.ler.pagina(self.url("heteroidentificacao_comissao_changelist"))
        self.ler.pagina(self.url("heteroidentificacao_sessao_convocar", sessao.pk))
        self.ler.pagina(self.url("heteroidentificacao_membro_termo_pdf", presidente.pk))
        cotistas = list(cotistas_a_convocar(comissao))
        hetero.sessao_convocar(sessao=sessao, inscricoes=cotistas[:3], usuario=self.admin)
        for inscricao in cotistas[3:]:
            hetero.cotista_dispensar(comissao=comissao, inscricao=inscricao, usuario=self.admin,
                                     motivo="Eliminado na prova objetiva, antes da heteroidentificação.")
        self.ler.pagina(self.url("heteroidentificacao_comissao_edital_pdf", k))
        self.ler.pagina(reverse("comissao:publica", args=[self.certame.pk]))
        membro = Client()
        membro.force_login(presidente.usuario)
        area = Leitor(membro)
        area.pagina(reverse("comissao:minhas_sessoes"))
        area.pagina(reverse("comissao:sessao", args=[sessao.pk]))
        self.ir(40, time(18, 0))
        hetero.sessao_abrir(sessao=sessao, presentes=titulares, usuario=presidente.usuario)
        area.pagina(reverse("comissao:sessao", args=[sessao.pk]))
        confirmado, dividido, ausente = sessao.avaliacoes.order_by("horario")
        conduz = presidente.usuario
        hetero.avaliacao_registrar_presenca(avaliacao=confirmado, compareceu=True, usuario=conduz)
        hetero.gravacao_registrar(avaliacao=confirmado, referencia="SD 1, 001.mp4", sha256=SHA256, usuario=conduz)
        area.pagina(reverse("comissao:sessao", args=[sessao.pk]))
        hetero.votacao_abrir(avaliacao=confirmado, candidato_saiu=True, usuario=conduz)
        area.pagina(reverse("comissao:sessao", args=[sessao.pk]))
        area.pagina(reverse("comissao:votacao", args=[sessao.pk]))
        for titular in titulares:
            hetero.voto_registrar(avaliacao=confirmado, usuario=titular.usuario, confirma=True)
        hetero.votacao_apurar(avaliacao=confirmado, usuario=conduz)
        area.pagina(reverse("comissao:sessao", args=[sessao.pk]))
        hetero.parecer_registrar(avaliacao=confirmado, parecer=PARECER, caracteristicas=["pele", "cabelo"],
                                 usuario=conduz)
        hetero.avaliacao_registrar_presenca(avaliacao=dividido, compareceu=True, usuario=conduz)
        hetero.gravacao_registrar(avaliacao=dividido, referencia="SD 1, 002.mp4", sha256=SHA256, usuario=conduz)
        hetero.votacao_abrir(avaliacao=dividido, forma=FormaVotacao.PAPEL, candidato_saiu=True, usuario=conduz)
        for confirma in (True, False, False):
            dividido = hetero.cedula_papel_abrir(avaliacao=dividido, confirma=confirma, usuario=conduz)
            if dividido.apurada_em:
                break
        area.pagina(reverse("comissao:sessao", args=[sessao.pk]))
        hetero.parecer_registrar(avaliacao=dividido, parecer=PARECER_NAO, caracteristicas=["pele", "cabelo"],
                                 usuario=conduz)
        hetero.avaliacao_registrar_presenca(avaliacao=ausente, compareceu=False, usuario=conduz)
        hetero.sessao_encerrar(sessao=sessao, ocorrencias="Sem ocorrências.", usuario=conduz)
        area.pagina(reverse("comissao:sessao", args=[sessao.pk]))
        area.pagina(reverse("comissao:ata", args=[sessao.pk]))
        self.ler.pagina(self.url("heteroidentificacao_sessao_ata_pdf", sessao.pk))
        self.ler.pagina(self.url("heteroidentificacao_sessao_change", sessao.pk))
        self.ler.pagina(self.url("heteroidentificacao_avaliacao_change", dividido.pk))
        self.ler.pagina(self.url("heteroidentificacao_avaliacao_changelist"))
        self.ler.pagina(self.url("heteroidentificacao_avaliacao_gravacao_acessar", dividido.pk))
        self.ler.pagina(self.url("heteroidentificacao_comissao_resultado_provisorio", k))
        provisorio = self.ir(45)
        hetero.resultado_provisorio_publicar(comissao=comissao, data=provisorio, usuario=self.admin)
        self.ler.pagina(self.url("heteroidentificacao_comissao_resultado_provisorio_pdf", k))
        self.ler.pagina(reverse("comissao:publica", args=[self.certame.pk]))
        recurso = hetero.recurso_protocolar(avaliacao=dividido, protocolado_em=self.ir(46), usuario=self.admin,
                                            fundamentos="A iluminação da sala prejudicou a avaliação.")
        self.ler.pagina(self.url("heteroidentificacao_recurso_change", recurso.pk))
        self.ler.pagina(self.url("heteroidentificacao_recurso_pautar", recurso.pk))
        dia = self.ir(52, time(14, 30))
        segunda = Sessao.objects.create(comissao=comissao, numero=2, data=dia, inicio=time(14, 0), local="Sala 2")
        julgamento = hetero.recurso_pautar(recurso=recurso, sessao=segunda, horario=time(14, 0), usuario=self.admin)
        hetero.sessao_abrir(sessao=segunda, presentes=titulares, usuario=conduz)
        hetero.gravacao_examinar(avaliacao=julgamento, usuario=conduz)
        area.pagina(reverse("comissao:sessao", args=[segunda.pk]))
        hetero.votacao_abrir(avaliacao=julgamento, forma=FormaVotacao.PAPEL, candidato_saiu=True, usuario=conduz)
        for _ in range(2):
            julgamento = hetero.cedula_papel_abrir(avaliacao=julgamento, confirma=True, usuario=conduz)
        hetero.parecer_registrar(avaliacao=julgamento, parecer=PARECER, caracteristicas=["conjunto"], usuario=conduz)
        hetero.sessao_encerrar(sessao=segunda, usuario=conduz)
        area.pagina(reverse("comissao:ata_recursos", args=[segunda.pk]))
        self.ler.pagina(self.url("heteroidentificacao_sessao_ata_recursos_pdf", segunda.pk))
        self.ler.pagina(self.url("heteroidentificacao_recurso_changelist"))
        self.ler.pagina(self.url("heteroidentificacao_comissao_resultado_final", k))
        hetero.resultado_final_publicar(comissao=comissao, data=self.ir(55), usuario=self.admin)
        self.ler.pagina(self.url("heteroidentificacao_comissao_resultado_final_pdf", k))
        self.ler.pagina(reverse("comissao:publica", args=[self.certame.pk]))
        self.ler.pagina(self.url("heteroidentificacao_comissao_change", k))
        self.ler.textos += area.textos

    def documentos(self) -> None:
        """Onde a lei exige documento para a reserva (Iúna art. 2º, II; Ibatiba art. 2º), cada cotista apresenta o
        primeiro que ela aceita no grupo em que concorre, e a conferência o aceita; a ficha mostra a seção."""
        for inscricao in Inscricao.objects.filter(certame=self.certame, reserva=True).select_related("certame"):
            for grupo, exigencia in self.certame.exigencias_documentais().items():
                try:
                    documento = documento_registrar(inscricao=inscricao, grupo=grupo, tipo=exigencia.tipos[0].codigo,
                                                    usuario=self.admin)
                except ErroOperacao:
                    continue
                documento_conferir(documento=documento, aceito=True, usuario=self.admin)
                self.ler.pagina(self.url("concursos_inscricao_change", inscricao.pk))

    def resultado(self) -> None:
        c, cargo = self.certame.pk, self.cargo.pk
        # Quem a comissão não avaliou segue como está; os demais cotistas, pendentes, entram confirmados para a
        # reserva ter candidatos em toda lei.
        Inscricao.objects.filter(certame=self.certame, heteroidentificacao=Heteroidentificacao.NAO_SE_APLICA,
                                 reserva=True).update(heteroidentificacao=Heteroidentificacao.CONFIRMADO)
        self.documentos()
        self.ir(56)
        self.ler.pagina(self.url("concursos_certame_avancar", c))
        self.certame = certame_avancar(certame=self.certame, usuario=self.admin, data=self.ir(56))
        self.ler.pagina(self.url("concursos_certame_painel", c))
        self.ler.pagina(self.url("concursos_cargo_painel", cargo))
        codigos = ["GERAL", "AC", "PCD", *(g.codigo for g in self.certame.regras_motor().grupos)]
        for codigo in codigos:
            self.ler.pagina(self.url("concursos_cargo_painel", cargo) + f"?aba={codigo}")
            self.ler.pagina(self.url("concursos_cargo_lista_pdf", cargo, codigo))
        ampla = texto_do_html(self.ler.pagina(self.url("concursos_cargo_painel", cargo) + "?aba=AC"))
        assert f"Base: {self.certame.resumo_lei['artigo_lista_ampla']}." in ampla
        assert "Concorre também às vagas" in ampla
        self.ler.pagina(self.url("concursos_certame_convocacao_inicial", c))
        dia = self.ir(57)
        dados = {"cargo": cargo, "data": f"{dia:%d/%m/%Y}", "ato": "Decreto nº 1/2024"}
        html = self.ler.pagina(self.url("concursos_certame_convocacao_inicial", c), dados=dados)
        chave = re.search(r'name="previa" value="([^"]+)"', html)
        self.ler.pagina(self.url("concursos_certame_convocacao_inicial", c), dados={**dados, "previa": chave[1]})
        assert Convocacao.objects.filter(cargo=self.cargo).exists()

    def provimento(self) -> None:
        c, cargo = self.certame.pk, self.cargo.pk
        primeira = Convocacao.objects.get(cargo=self.cargo, posicao=1)
        segunda = Convocacao.objects.get(cargo=self.cargo, posicao=2)
        nomeacao_registrar(convocacao=segunda, data=self.ir(58), ato="Decreto nº 2/2024", usuario=self.admin)
        posse_registrar(convocacao=segunda, data=self.ir(60), usuario=self.admin)
        for nome in ("nomear", "posse", "exercicio", "vacancia", "sem_efeito"):
            for posicao in (primeira, segunda):
                self.ler.pagina(self.url(f"concursos_convocacao_{nome}", posicao.pk), status=(200, 403))
        for nome in ("eliminar", "retificar"):
            self.ler.pagina(self.url(f"concursos_inscricao_{nome}", primeira.inscricao_id))
        self.ler.pagina(self.url("concursos_cargo_novas_vagas", cargo))
        self.ler.pagina(self.url("concursos_cargo_painel", cargo))
        self.ler.pagina(self.url("concursos_cargo_convocacao_pdf", cargo))
        self.ler.pagina(self.url("concursos_certame_retificar", c))
        self.ler.pagina(self.url("concursos_cargo_retificar", cargo))
        self.ler.pagina(self.url("concursos_certame_avancar", c))
        self.certame = certame_avancar(certame=self.certame, usuario=self.admin, data=self.ir(61))
        self.ler.pagina(self.url("concursos_certame_prorrogar", c))
        self.ler.pagina(self.url("concursos_certame_painel", c))
        self.ler.pagina(self.url("concursos_certame_quadro_pdf", c))

    def fraude(self) -> None:
        inscricao = Inscricao.objects.get(certame=self.certame, numero="N4")
        procedimento = hetero.fraude_instaurar(inscricao=inscricao, data=self.ir(62), ato="Portaria nº 77/2024",
                                               fatos="Denúncia com documentos.", usuario=self.admin)
        for nome in ("change", "defesa"):
            self.ler.pagina(self.url(f"heteroidentificacao_procedimentofraude_{nome}", procedimento.pk))
        hetero.fraude_registrar_defesa(procedimento=procedimento, notificado_em=self.ir(63), defesa_em=self.ir(65),
                                       defesa="Nego os fatos.", usuario=self.admin)
        self.ler.pagina(self.url("heteroidentificacao_procedimentofraude_decidir", procedimento.pk))
        hetero.fraude_decidir(procedimento=procedimento, fraude=True, data=self.ir(66), oficio_mp="Ofício nº 9/2024",
                              decisao="Provado pelos documentos que o candidato declarou cor diversa da sua.",
                              usuario=self.admin)
        self.ler.pagina(self.url("heteroidentificacao_procedimentofraude_changelist"))
        self.ler.pagina(self.url("heteroidentificacao_comissao_resultado_final_pdf", self.comissao_.pk))

    def fichas_e_listas(self) -> None:
        inscricao = Inscricao.objects.get(certame=self.certame, numero="N1")
        paginas = [
            self.url("concursos_certame_changelist"), self.url("concursos_certame_change", self.certame.pk),
            self.url("concursos_certame_history", self.certame.pk),
            self.url("concursos_cargo_changelist"), self.url("concursos_cargo_change", self.cargo.pk),
            self.url("concursos_inscricao_changelist") + f"?certame={self.certame.pk}",
            self.url("concursos_inscricao_change", inscricao.pk),
            self.url("concursos_inscricao_history", inscricao.pk),
            self.url("concursos_candidato_changelist"), self.url("concursos_candidato_change", inscricao.candidato_id),
            self.url("concursos_chamada_changelist"),
            self.url("concursos_chamada_change", Convocacao.objects.filter(cargo=self.cargo).first().chamada_id),
            self.url("concursos_convocacao_changelist"),
            self.url("concursos_convocacao_change", Convocacao.objects.filter(cargo=self.cargo).first().pk),
            self.url("documentos_documentoemitido_changelist"), self.url("nucleo_acessosensivel_changelist"),
            self.url("legislacao_lei_change", self.certame.lei_id), self.url("index"),
        ]
        for url in paginas:
            self.ler.pagina(url)
        documento = DocumentoEmitido.objects.filter(orgao=self.orgao).order_by("-pk").first()
        self.ler.pagina(reverse("documentos:verificar_codigo", args=[documento.codigo]))
        titular = {"cpf": inscricao.candidato.cpf, "requerimento": "Requerimento nº 1/2024"}
        self.ler.pagina(self.url("concursos_candidato_titular"), dados={**titular, "formato": "pagina"})
        self.ler.pagina(self.url("concursos_candidato_titular"), dados={**titular, "formato": "pdf"})


def _conferir(textos: list[tuple[str, str]], origem: LeiDeOrigem, dados: list[str]) -> list[str]:
    return [f"{onde}: {problema}" for onde, texto in textos for problema in problemas(texto, origem, dados)]


@pytest.mark.parametrize("slug", list(LEIS))
def test_paginas_e_pdfs_citam_so_a_lei_do_certame(slug, leis_de_origem, admin_client, admin_user, pdfs_em_html,
                                                   midia, time_machine):
    origem = LEIS[slug]
    lei = Lei.objects.get(slug=slug)
    if lei.data_publicacao is None:
        # Iúna: o texto não traz a data de publicação (art. 10); informada, a lei se aplica.
        Lei.objects.filter(pk=lei.pk).update(data_publicacao=date(2022, 4, 1))
    dados = marcar(lei, origem)
    leitor = Leitor(admin_client)
    cenario = Cenario(origem, leitor, admin_user,
                      lambda dia, hora: time_machine.move_to(datetime.combine(dia, hora, tzinfo=BRASILIA), tick=True))
    cenario.rascunho()
    assert cenario.certame.lei_id == lei.pk
    cenario.inscricoes()
    cenario.comissao()
    cenario.resultado()
    cenario.provimento()
    cenario.fraude()
    cenario.fichas_e_listas()
    quadro = next(html for html in reversed(pdfs_em_html) if "<title>Quadro de vagas" in html)
    textos = [*leitor.textos, *((f"PDF nº {i}", texto_do_html(html)) for i, html in enumerate(pdfs_em_html, 1)),
              ("quadro de vagas lido do PDF", normal(texto_do_pdf(pdfs_em_html.renderizar(quadro)[0])))]
    achados = _conferir(textos, origem, dados)
    assert not achados, "\n".join(achados)
    # O teste leu de fato as citações: dezenas de dispositivos marcados, em páginas e PDFs de toda parte.
    citadas = [onde for onde, texto in textos if origem.sufixo.strip() in texto]
    assert len(pdfs_em_html) >= 15 and len(citadas) >= 20, citadas
    # Afonso Cláudio descreve o procedimento da comissão (arts. 6º a 11): a área da comissão cita os artigos dela.
    assert any(onde.startswith("/comissao/") for onde in citadas) == bool(lei.artigo_votacao)
    assert origem.sufixo.strip() in textos[-1][1]


def test_certame_publicado_sem_lei_nao_cita_lei_nenhuma(leis_de_origem, admin_client, admin_user, pdfs_em_html):
    """Sem lei de reserva aplicável (publicado com a justificativa), as frases saem sem citação: nunca a de outra
    lei."""
    local = municipio("Cariacica", "ES")
    orgao = Orgao.objects.create(nome="Prefeitura Municipal de Cariacica", municipio=local)
    certame = Certame.objects.create(orgao=orgao, numero_edital="003/2024", titulo="Concurso sem lei", municipio=local,
                                     data_edital=date(2024, 3, 1), **prazos_do_edital(date(2024, 3, 1)))
    cargo = Cargo.objects.create(certame=certame, codigo="ADM", nome="Assistente", vagas=5, vagas_pcd=1)
    for i, (numero, cor, reserva, pcd, quilombola) in enumerate(INSCRITOS, 1):
        candidato = Candidato.objects.create(orgao=orgao, nome=f"Candidato {numero}", cpf=cpf_valido(), cor_raca=cor)
        Inscricao.objects.create(certame=certame, cargo=cargo, candidato=candidato, numero=numero, reserva=reserva,
                                 cor_raca=cor, pcd=pcd, quilombola=quilombola, classificacao=i, nota_final=100 - i)
    certame = certame_publicar(certame=certame, usuario=admin_user,
                               justificativa="O município não tem lei de reserva de vagas.")
    assert certame.lei is None
    leitor = Leitor(admin_client)
    leitor.pagina(reverse("admin:concursos_certame_avancar", args=[certame.pk]))
    certame = certame_avancar(certame=certame, usuario=admin_user, data=date(2024, 4, 8))
    leitor.pagina(reverse("admin:concursos_certame_importar", args=[certame.pk]))
    leitor.pagina(reverse("admin:concursos_inscricao_change", args=[certame.inscricoes.get(numero="N1").pk]))
    certame = certame_avancar(certame=certame, usuario=admin_user, data=date(2024, 4, 8))
    for codigo in ("GERAL", "AC", "PCD"):
        leitor.pagina(reverse("admin:concursos_cargo_painel", args=[cargo.pk]) + f"?aba={codigo}")
        leitor.pagina(reverse("admin:concursos_cargo_lista_pdf", args=[cargo.pk, codigo]))
    leitor.pagina(reverse("admin:concursos_certame_painel", args=[certame.pk]))
    leitor.pagina(reverse("admin:concursos_certame_quadro_pdf", args=[certame.pk]))
    textos = [*leitor.textos, *((f"PDF nº {i}", texto_do_html(html)) for i, html in enumerate(pdfs_em_html, 1))]
    achados = _conferir(textos, None, [])
    assert not achados, "\n".join(achados)
    assert "não mudam mais." in leitor.textos[0][1]


@pytest.mark.parametrize(("texto", "lei", "acusa"), [
    ("não mudam mais (Vargem Alta art. 3º).", "iuna-es", True),
    # O mesmo número da lei do certame, escrito no código: sem a marca da lei, acusa.
    ("não mudam mais (art. 3º).", "vargem-alta-es-2023", True),
    ("não mudam mais (art. 3º ⟨VA⟩).", "vargem-alta-es-2023", False),
    ("conforme o § 9º", "afonso-claudio-es-lei-2552-2023", True),
    ("Lista específica de cotistas (art. 3º, caput ⟨AC⟩)", "iuna-es", True),
    ("o ato vem da Lei 2.552/2023", "iuna-es", True),
    ("(Constituição Federal, art. 37, III) e (LGPD art. 5º, II, e art. 11)", "iuna-es", False),
])
def test_o_conferidor_acusa_o_que_nao_vem_da_lei_do_certame(texto, lei, acusa):
    assert bool(problemas(texto, LEIS[lei], ["art. 3º ⟨VA⟩"])) == acusa
