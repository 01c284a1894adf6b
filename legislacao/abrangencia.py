"""A abrangência de uma lei (o art. 1º de cada uma): quais Poderes e entidades ela alcança e em quais tipos de seleção,
lida dos campos da lei (dados: uma lei nova entra pelo admin sem código), e o que fica fora dela num edital.

Nunca decide sozinha que a lei não se aplica: o município e a data escolhem a lei (legislacao/selectors.py); aqui só
se diz ao RH, com o artigo da lei do próprio certame, o que o texto não menciona, para que ele confira.
"""

from __future__ import annotations

from dataclasses import dataclass

from legislacao.models import Lei
from nucleo.models import Orgao, Poder, TipoOrgao

PODERES = {Poder.EXECUTIVO: "abrange_executivo", Poder.LEGISLATIVO: "abrange_legislativo"}
NATUREZAS = {TipoOrgao.DIRETA: "abrange_direta", TipoOrgao.AUTARQUIA: "abrange_autarquia",
             TipoOrgao.FUNDACAO: "abrange_fundacao", TipoOrgao.EMPRESA_PUBLICA: "abrange_empresa_publica",
             TipoOrgao.ECONOMIA_MISTA: "abrange_economia_mista"}
# Os tipos de seleção, na ordem em que o RH os lê, com o nome no plural.
SELECOES = {"aplica_concurso": "concursos públicos para cargos efetivos", "aplica_emprego_publico": "empregos públicos",
            "aplica_processo_seletivo": "processos seletivos (contratação temporária)", "aplica_estagio": "estágios",
            "aplica_comissao": "cargos em comissão"}
NOMES_DOS_PODERES = {"abrange_executivo": "Poder Executivo", "abrange_legislativo": "Poder Legislativo"}
# Como a frase do aviso diz o tipo de seleção do edital e a natureza do órgão.
SELECAO_DO_EDITAL = {"aplica_concurso": "um concurso público para cargos efetivos",
                     "aplica_emprego_publico": "um concurso público para empregos públicos",
                     "aplica_processo_seletivo": "um processo seletivo (contratação temporária)",
                     "aplica_estagio": "uma seleção de estagiários",
                     "aplica_comissao": "a escolha para cargos em comissão"}
NATUREZA_DO_ORGAO = {TipoOrgao.DIRETA: "da administração direta", TipoOrgao.AUTARQUIA: "uma autarquia",
                     TipoOrgao.FUNDACAO: "uma fundação pública", TipoOrgao.EMPRESA_PUBLICA: "uma empresa pública",
                     TipoOrgao.ECONOMIA_MISTA: "uma sociedade de economia mista"}
NOMES_DAS_NATUREZAS = {"abrange_direta": "administração direta", "abrange_autarquia": "autarquias",
                       "abrange_fundacao": "fundações públicas", "abrange_empresa_publica": "empresas públicas",
                       "abrange_economia_mista": "sociedades de economia mista"}


def _lista(nomes: list[str]) -> str:
    if not nomes:
        return "nenhum"
    return ", ".join(nomes[:-1]) + (" e " if len(nomes) > 1 else "") + nomes[-1]


def _citar(artigo: str) -> str:
    return f" ({artigo})" if artigo else ""


@dataclass(frozen=True)
class Abrangencia:
    """O que a lei alcança, em palavras, com os artigos: para a ficha da lei e «Qual lei se aplica?»."""

    poderes: str
    entidades: str
    selecoes: str
    artigo_orgaos: str
    artigo_selecoes: str

    @property
    def orgaos(self) -> str:
        return f"{self.poderes}; {self.entidades}{_citar(self.artigo_orgaos)}"

    @property
    def tipos(self) -> str:
        return f"{self.selecoes}{_citar(self.artigo_selecoes)}"


def abrangencia(lei: Lei) -> Abrangencia:
    return Abrangencia(
        poderes=_lista([nome for campo, nome in NOMES_DOS_PODERES.items() if getattr(lei, campo)]),
        entidades=_lista([nome for campo, nome in NOMES_DAS_NATUREZAS.items() if getattr(lei, campo)]),
        selecoes=_lista([nome for campo, nome in SELECOES.items() if getattr(lei, campo)]),
        artigo_orgaos=lei.artigo_abrangencia_orgaos, artigo_selecoes=lei.artigo_abrangencia)


@dataclass(frozen=True)
class ForaDaAbrangencia:
    """Algo do edital que o art. 1º da lei não menciona: o título do aviso e o fato, com o artigo (quem mostra diz o que
    fazer)."""

    titulo: str
    texto: str


def fora_da_abrangencia(lei: Lei, *, poder: str = "", natureza: str = "", selecoes: tuple[str, ...] = (),
                        orgao: str = "") -> list[ForaDaAbrangencia]:
    """O que, no Poder e na natureza do órgão e nos tipos de seleção do edital (campos de SELECOES), a lei não
    menciona. Cada aviso cita o artigo da própria lei (p. ex. Iúna art. 1º, num concurso da Câmara)."""
    quem = orgao or "o órgão"
    texto = abrangencia(lei)
    fora = []
    campo = PODERES.get(poder)
    if campo and not getattr(lei, campo):
        fora.append(ForaDaAbrangencia(
            "A lei não menciona o Poder do órgão",
            f"{lei.ementa} alcança: {texto.poderes}{_citar(lei.artigo_abrangencia_orgaos)}; {quem} é do "
            f"{NOMES_DOS_PODERES[campo]}."))
    campo = NATUREZAS.get(natureza)
    if campo and not getattr(lei, campo):
        fora.append(ForaDaAbrangencia(
            "A lei não menciona a natureza da entidade",
            f"{lei.ementa} alcança: {texto.entidades}{_citar(lei.artigo_abrangencia_orgaos)}; {quem} é "
            f"{NATUREZA_DO_ORGAO[natureza]}."))
    fora += [ForaDaAbrangencia("A lei não menciona este tipo de seleção",
                               f"{lei.ementa} alcança: {texto.selecoes}{_citar(lei.artigo_abrangencia)}; o edital "
                               f"abre {SELECAO_DO_EDITAL[selecao]}.")
             for selecao in selecoes if selecao in SELECOES and not getattr(lei, selecao)]
    return fora


def fora_da_abrangencia_do_orgao(lei: Lei, orgao: Orgao, selecoes: tuple[str, ...]) -> list[ForaDaAbrangencia]:
    return fora_da_abrangencia(lei, poder=orgao.poder, natureza=orgao.tipo, selecoes=selecoes, orgao=orgao.nome)
