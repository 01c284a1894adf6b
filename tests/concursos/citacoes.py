"""O que uma página ou um PDF de um certame pode citar: só a lei congelada nele (issue 12, item 6).

Os testes marcam cada dispositivo das cinco leis de origem com um sufixo único da lei (« ⟨VA⟩», « ⟨IU⟩»…): um
artigo que chega à tela a partir do cadastro da lei vem marcado; um artigo escrito no código, não — nem quando é o
mesmo número da lei do certame. `problemas` tira do texto as citações marcadas da lei do certame, os dados dela
(texto integral, observações) e as normas que não são de nenhuma lei municipal (Constituição, LGPD, Lei 8.112/1990…)
e acusa todo «art.», «arts.» ou «§» que sobrar, todo sufixo de outra lei e todo nome de outro município ou lei.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from html.parser import HTMLParser

from nucleo.texto import sem_acento


@dataclass(frozen=True)
class LeiDeOrigem:
    slug: str
    sigla: str
    municipio: str
    uf: str
    data_edital: date
    # Outros jeitos de a lei aparecer num texto: o número (Afonso Cláudio, Ubatuba), o nome grafado no texto da lei.
    apelidos: tuple[str, ...] = ()

    @property
    def sufixo(self) -> str:
        return f" ⟨{self.sigla}⟩"


LEIS = {lei.slug: lei for lei in (
    LeiDeOrigem("vargem-alta-es-2023", "VA", "Vargem Alta", "ES", date(2024, 3, 1)),
    LeiDeOrigem("iuna-es", "IU", "Iúna", "ES", date(2024, 3, 1)),
    # Em vigor desde 20/06/2024 (art. 8º).
    LeiDeOrigem("ibatiba-es-2024", "IB", "Ibatiba", "ES", date(2024, 8, 1), ("lbatiba",)),
    # Vigorou até 15/06/2024 (art. 13).
    LeiDeOrigem("ubatuba-sp-lei-3765-2014", "UB", "Ubatuba", "SP", date(2024, 3, 1), ("3.765", "3765")),
    LeiDeOrigem("afonso-claudio-es-lei-2552-2023", "AC", "Afonso Cláudio", "ES", date(2024, 3, 1),
                ("2.552", "2552")),
)}

# Normas que não são de nenhuma das leis municipais: a citação delas pode ficar no código.
PERMITIDAS = [re.compile(p) for p in (
    r"Constituição Federal, art\. 37(, (III|caput))?",
    r"CF,? art\. 37(, III)?",
    r"LGPD,? art\. \d+º?(, [IVX]+)?(, § \d+º)?(, e art\. \d+º?)?",
    r"Lei (nº )?8\.112/1990, art\. \d+º?, § \d+º",
    r"Portaria Normativa SGP/MP nº 4/2018, art\. \d+º?, § \d+º",
    r"Decreto (nº )?8\.727/2016, art\. \d+º?",
    # A contagem do prazo de vigência em anos (legislacao.models.CONTAGEM_DO_PRAZO).
    r"Código Civil, art\. 132, § 3º",
)]
# O exemplo de formato do campo do artigo, na ficha da lei (legislacao.models.ARTIGO_AJUDA).
AJUDA_DO_ARTIGO = "p. ex. «art. 2º, § 1º»"
SOBRA = re.compile(r"\bart(s)?\.|§|⟨[A-Z]{2}⟩", re.IGNORECASE)


class _Texto(HTMLParser):
    """O texto de uma página como o usuário o lê: os nós de texto e os atributos que o leitor de tela ou o
    ponteiro mostram (title, aria-label, alt, placeholder, value), sem scripts nem estilos. As opções de uma escolha
    (<select>, <datalist>: «Lei», «Município» no simulador) listam todas as leis cadastradas e não citam nenhuma."""

    ATRIBUTOS = {"title", "aria-label", "alt", "placeholder", "value"}
    FORA = {"script", "style", "option", "datalist"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.partes: list[str] = []
        self._fora = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.FORA:
            self._fora += 1
        if not self._fora:
            self.partes += [valor for nome, valor in attrs if nome in self.ATRIBUTOS and valor]

    def handle_endtag(self, tag):
        if tag in self.FORA and self._fora:
            self._fora -= 1

    def handle_data(self, data):
        if not self._fora:
            self.partes.append(data)


def normal(texto: str) -> str:
    return " ".join(texto.replace("\u00a0", " ").replace("\u2060", "").split())


def texto_do_html(html: str) -> str:
    leitor = _Texto()
    leitor.feed(html)
    return normal(" \n ".join(leitor.partes))


def problemas(texto: str, lei: LeiDeOrigem | None, dados_da_lei: list[str]) -> list[str]:
    """O que o texto cita fora da lei do certame (`lei`; None num certame sem lei). `dados_da_lei`: os dispositivos
    marcados e os textos do cadastro da lei do certame, que podem aparecer como estão."""
    achados = []
    sem = sem_acento(texto).lower()
    for outra in LEIS.values():
        if outra == lei:
            continue
        for nome in (outra.municipio, outra.slug, *outra.apelidos):
            if re.search(rf"(?<![\w.]){re.escape(sem_acento(nome).lower())}(?![\w])", sem):
                achados.append(f"cita {nome!r} ({outra.sigla}): …{_trecho(sem, nome)}…")
    resto = texto
    for dado in sorted({normal(d) for d in dados_da_lei if d}, key=len, reverse=True):
        resto = resto.replace(dado, " ")
    resto = resto.replace(AJUDA_DO_ARTIGO, " ")
    for permitida in PERMITIDAS:
        resto = permitida.sub(" ", resto)
    for achado in SOBRA.finditer(resto):
        inicio, fim = max(0, achado.start() - 80), achado.end() + 40
        achados.append(f"citação fora da lei do certame: …{resto[inicio:fim]}…")
    return achados


def _trecho(sem: str, nome: str) -> str:
    posicao = sem.find(sem_acento(nome).lower())
    return sem[max(0, posicao - 60):posicao + len(nome) + 40]
