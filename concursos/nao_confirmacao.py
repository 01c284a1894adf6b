"""O que acontece a quem a comissão de heteroidentificação não confirma: a lei do certame diz o que admite, e o edital
escolhe, no seu item (decisão 0018).

A não confirmação não é falsidade: a eliminação por declaração falsa, apurada com contraditório e ampla defesa, é
outra regra (p. ex. Afonso Cláudio art. 7º; heteroidentificacao/services/fraude.py). Onde a lei não dispõe (Afonso
Cláudio art. 9º, § 10: «demais procedimentos e critérios deverão ser definidos no edital»), o edital mantém o
candidato na ampla concorrência ou o elimina; onde dispõe, o edital segue a lei (Lei 15.142/2025, art. 3º, § 2º: fica
na ampla). O edital que nada diz não elimina: sem o item que a preveja, não há eliminação.

A escolha fica no certame (`Certame.nao_confirmacao` e `item_nao_confirmacao`): na publicação, o que ficou em branco
se resolve e se grava; depois, muda só por retificação, antes de a comissão abrir a primeira deliberação
(concursos/services/retificacao_do_edital.py). As listas e as chamadas a leem (`EfeitoDaHeteroidentificacao`).
"""

from __future__ import annotations

from dataclasses import dataclass

from concursos.models import Certame, Heteroidentificacao, Inscricao
from legislacao.models import Consequencia, Lei, consequencias_admitidas

# As decisões da comissão: depois da primeira (e desde a abertura da primeira deliberação), a consequência da não
# confirmação não muda mais.
DECIDIDAS = (Heteroidentificacao.CONFIRMADO, Heteroidentificacao.NAO_CONFIRMADO, Heteroidentificacao.AUSENTE)


@dataclass(frozen=True)
class NaoConfirmacao:
    """A consequência que vale no certame, com o artigo da lei dele e o item do edital."""

    consequencia: str
    artigo: str
    item: str

    @property
    def elimina(self) -> bool:
        return self.consequencia == Consequencia.ELIMINACAO

    @property
    def base(self) -> str:
        """«art. 9º, § 10; edital, item 7.12»: o artigo da lei do certame e o item do edital que escolheu."""
        item = f"edital, {self.item}" if self.item else ""
        return "; ".join(filter(None, (self.artigo, item)))

    @property
    def rotulo(self) -> str:
        return Consequencia(self.consequencia).label


def resolver(escolha: str, da_lei: str) -> str:
    """A consequência que vale: a do edital; em branco, a que a lei manda, ou, se ela deixa ao edital, a ampla."""
    if escolha:
        return escolha
    return da_lei if da_lei in (Consequencia.AMPLA, Consequencia.ELIMINACAO) else Consequencia.AMPLA


def _resumo(certame: Certame) -> dict:
    return (certame.regras or {}).get("lei", {})


def do_certame(certame: Certame, lei: dict | None = None) -> NaoConfirmacao:
    """A consequência da não confirmação no certame. `lei`: o resumo da lei (o congelado no certame, por padrão;
    antes da publicação, o da lei que se aplicaria, para a prévia)."""
    lei = _resumo(certame) if lei is None else lei
    consequencia = resolver(certame.nao_confirmacao, lei.get("nao_confirmacao", Consequencia.NAO_PREVISTA))
    return NaoConfirmacao(consequencia, lei.get("artigo_nao_confirmacao", ""), certame.item_nao_confirmacao.strip())


def admitidas_no_certame(certame: Certame) -> tuple[str, ...]:
    """O que a lei congelada no certame admite. Se uma versão posterior da mesma lei (o mesmo texto) corrigiu essa
    leitura, o que ela admite também vale para a retificação: p. ex. Afonso Cláudio, cuja versão congelada antes da
    issue 12 dava «eliminação» pelo art. 7º, que trata da falsidade."""
    lei = _resumo(certame)
    admitidas = set(consequencias_admitidas(lei.get("nao_confirmacao", Consequencia.NAO_PREVISTA)))
    if lei.get("slug"):
        posterior = (Lei.objects.filter(slug=lei["slug"], versao__gt=lei.get("versao", 0))
                     .order_by("-versao").values_list("nao_confirmacao", flat=True).first())
        if posterior is not None:
            admitidas |= set(consequencias_admitidas(posterior))
    return tuple(c for c in (Consequencia.AMPLA, Consequencia.ELIMINACAO) if c in admitidas)


def comissao_ja_deliberou(certame: Certame) -> bool:
    """Se a comissão já abriu a deliberação (votação secreta ou avaliações individuais) de algum candidato do certame
    (`Certame.deliberacao_aberta_em`, que a heteroidentificação grava na abertura), ou já decidiu sobre algum: desde
    então, a regra de decisão e a consequência da não confirmação não mudam mais (decisões 0017 e 0018)."""
    return (certame.deliberacao_aberta_em is not None
            or Inscricao.objects.filter(certame=certame, heteroidentificacao__in=DECIDIDAS).exists())
