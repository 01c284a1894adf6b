"""O simulador do admin: põe em forma de tela o que o motor calcula para uma lei.

Nada aqui decide vagas: as contagens, a ordem e os motivos vêm de `motor.calcular_quadro` e
`motor.convocar`; este módulo só os rotula (nomes, percentuais, artigos, classes de cor).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from decimal import Decimal
from html import escape

from django.utils.safestring import mark_safe

from legislacao import motor
from legislacao.models import Lei
from legislacao.rotulos import classes_das_vagas, nomes_das_vagas
from legislacao.saida import bases_compactas

# Cores distintas por tipo de vaga (static/legislacao/legislacao.css); grupos além de seis repetem a paleta.


@dataclass(frozen=True)
class Tipo:
    """Um tipo de vaga na legenda da faixa: ampla, PcD ou um grupo da lei."""

    codigo: str
    nome: str
    classe: str
    no_lote: int
    nas_posicoes: int


@dataclass(frozen=True)
class LinhaQuadro:
    codigo: str
    nome: str
    classe: str
    vagas: int
    percentual: str
    calculo: str
    artigo: str


@dataclass(frozen=True)
class AjusteExibido:
    """Um `motor.Ajuste` com o nome e a cor do tipo de vaga."""

    posicao: int
    nome: str
    classe: str
    ordinal: int
    posicao_natural: int
    motivo: str
    base: str


@dataclass(frozen=True)
class Titular:
    """Quem ocupa uma posição, com a observação que a explica (reversão, cotista na ampla, vaga vazia)."""

    posicao: int
    inscricao: str
    classificacao: int | None
    vaga: str
    lista: str
    classe: str
    revertida: bool
    vazia: bool
    nota: str


@dataclass(frozen=True)
class Simulacao:
    lei: Lei
    quadro: motor.Quadro
    posicoes: int
    linhas: list[LinhaQuadro]
    tipos: list[Tipo]
    celulas_lote: list[tuple[str, str, int, str]]
    celulas_cadastro: list[tuple[str, str, int, str]]
    ajustes: list[AjusteExibido]
    titulares: list[Titular] | None
    candidatos_lidos: int
    habilitados: int
    regras: motor.Regras
    bases: list[str]

    # A faixa e a tabela de titulares têm uma entrada por posição (N passa de mil): são montadas aqui,
    # numa passada só, e não célula a célula no template (que localiza e escapa cada valor, dez vezes mais lento).
    @property
    def faixa_lote_html(self) -> str:
        return _faixa_html(self.celulas_lote)

    @property
    def faixa_cadastro_html(self) -> str:
        return _faixa_html(self.celulas_cadastro)

    @property
    def titulares_html(self) -> str:
        linhas = []
        for t in self.titulares or ():
            classe = ' class="revertida"' if t.revertida else ' class="vazia"' if t.vazia else ""
            classificacao = "—" if t.classificacao is None else t.classificacao
            linhas.append(
                f'<tr{classe}><td class="num">{t.posicao}</td><td>{escape(t.inscricao)}</td>'
                f'<td class="num">{classificacao}</td><td><span class="amostra {t.classe}" aria-hidden="true"></span>'
                f"{escape(t.vaga)}</td><td>{escape(t.lista)}</td><td>{escape(t.nota)}</td></tr>")
        return mark_safe("".join(linhas))  # cada texto passou por escape() acima

    @property
    def cadastro(self) -> bool:
        """Mostra posições além das N vagas (cadastro de reserva, novas vagas)."""
        return self.posicoes > self.quadro.vagas

    @property
    def reservadas(self) -> int:
        return sum(r.vagas for r in self.quadro.reservas)

    @property
    def revertidas(self) -> int:
        return sum(1 for t in self.titulares or () if t.revertida)


def _faixa_html(celulas: list[tuple[str, str, int, str]]) -> str:
    # O código do tipo de vaga (AC, PCD, NEG…) escrito em cada posição, como na legenda: a cor não é o único sinal.
    itens = []
    for classe, rotulo, posicao, codigo in celulas:
        rotulo = escape(rotulo)
        itens.append(f'<li class="{classe}" title="{rotulo}" aria-label="{rotulo}">{posicao}'
                     f'<span class="tipo-vaga" aria-hidden="true">{escape(codigo)}</span></li>')
    return mark_safe("".join(itens))  # rótulos e códigos escapados; classes e números gerados aqui


def numero(valor: Decimal) -> str:
    """Decimal em notação brasileira, sem zeros inúteis: 8.50 → «8,5», 20.00 → «20»."""
    texto = format(valor.normalize(), "f")
    return texto.replace(".", ",")


def simular(*, lei: Lei, vagas: int, vagas_pcd: int | None = None, posicoes: int | None = None,
            candidatos: list[motor.Candidato] | None = None, regra_pcd: motor.RegraPcd | None = None,
            item_criterio: str = "") -> Simulacao:
    """Quadro de vagas, faixa das `posicoes` primeiras posições e, com candidatos, quem ocupa cada vaga do lote.

    `regra_pcd` e `item_criterio` são do edital; sem `vagas_pcd`, as vagas PcD saem do percentual da regra (ou 0).
    Levanta motor.ErroRegras (mensagem pronta para o usuário) se os números forem impossíveis para a lei.
    """
    regra_pcd = regra_pcd or motor.RegraPcd()
    regras = replace(lei.regras(), pcd=regra_pcd, item_criterio=item_criterio)
    if vagas_pcd is None:
        vagas_pcd = motor.vagas_pcd_do_edital(regra_pcd, vagas) or 0
    mostradas = vagas if posicoes is None else posicoes
    # O padrão nunca reescreve posições anteriores: as N primeiras de um quadro mais longo são as do lote.
    quadro = motor.calcular_quadro(regras, vagas, vagas_pcd, max(mostradas, vagas))
    ordem = quadro.ordem[:mostradas]
    nomes, classes = nomes_das_vagas(regras), classes_das_vagas(regras)

    no_lote = {motor.AMPLA: quadro.ampla, motor.PCD: quadro.pcd} | {r.codigo: r.vagas for r in quadro.reservas}
    mostradas_por_tipo = Counter(ordem)
    codigos = [motor.AMPLA, *([motor.PCD] if vagas_pcd else []), *(g.codigo for g in regras.grupos)]
    tipos = [Tipo(c, nomes[c], classes[c], no_lote[c], mostradas_por_tipo[c]) for c in codigos]

    ajustes = [a for a in quadro.ajustes if a.posicao <= mostradas]
    ajustados = {a.posicao for a in ajustes}
    celulas = []
    for p, codigo in enumerate(ordem, 1):
        rotulo = f"Posição {p}: {nomes[codigo]}"
        classe = classes[codigo]
        if p in ajustados:
            rotulo += " (posição ajustada; veja o motivo abaixo)"
            classe += " aj"
        if p > vagas:
            rotulo += " (cadastro de reserva)"
        celulas.append((classe, rotulo, p, codigo))

    titulares = None
    lidos = habilitados = 0
    if candidatos is not None:
        lidos = len(candidatos)
        habilitados = sum(1 for c in candidatos if c.situacao == motor.HABILITADO)
        # O motor chama o lote das N vagas de uma vez e as posições seguintes uma a uma, sem reescrever o lote.
        titulares = _titulares(lei, regras, quadro, candidatos, nomes, classes)[:mostradas]

    return Simulacao(
        lei=lei, quadro=quadro, posicoes=mostradas, linhas=_linhas(lei, regras, quadro, nomes, classes), tipos=tipos,
        celulas_lote=celulas[:vagas], celulas_cadastro=celulas[vagas:], ajustes=[
            AjusteExibido(a.posicao, nomes[a.vaga], classes[a.vaga], a.ordinal, a.posicao_natural, a.motivo, a.base)
            for a in ajustes],
        titulares=titulares, candidatos_lidos=lidos, habilitados=habilitados, regras=regras,
        bases=list(bases_compactas(regras, replace(quadro, ordem=ordem))),
    )


def _linhas(lei: Lei, regras: motor.Regras, quadro: motor.Quadro, nomes: dict, classes: dict) -> list[LinhaQuadro]:
    n = quadro.vagas
    arredondamento = lei.get_arredondamento_display()
    if lei.artigo_arredondamento:
        arredondamento += f", {lei.artigo_arredondamento}"
    reservadas = sum(r.vagas for r in quadro.reservas)
    linhas = [LinhaQuadro(
        motor.AMPLA, nomes[motor.AMPLA], classes[motor.AMPLA], quadro.ampla, "—",
        f"{n} − {quadro.pcd} PcD − {reservadas} reservadas" if quadro.pcd else f"{n} − {reservadas} reservadas",
        lei.artigo_ampla and f"cotista aprovado na ampla não conta na reserva ({lei.artigo_ampla})")]
    if quadro.pcd:
        regra = regras.pcd
        calculo = "informado no edital"
        if regra.percentual is not None:
            calculo = f"{n} × {numero(regra.percentual)}% = {numero(Decimal(n) * regra.percentual / 100)}"
        linhas.append(LinhaQuadro(motor.PCD, nomes[motor.PCD], classes[motor.PCD], quadro.pcd,
                                  numero(Decimal(quadro.pcd * 100) / n) + "%", calculo,
                                  regra.artigo or "edital (legislação sobre pessoas com deficiência)"))
    for reserva in quadro.reservas:
        if quadro.abaixo_do_minimo:
            calculo = f"menos de {lei.minimo_vagas} vagas: sem reserva no lote"
        else:
            exato = Decimal(n) * reserva.percentual / 100
            calculo = f"{n} × {numero(reserva.percentual)}% = {numero(exato)}"
            if exato != reserva.vagas:
                calculo += f" → {reserva.vagas} ({arredondamento})"
        linhas.append(LinhaQuadro(reserva.codigo, reserva.nome, classes[reserva.codigo], reserva.vagas,
                                  numero(reserva.percentual) + "%", calculo, reserva.artigo))
    return linhas


def _titulares(lei: Lei, regras: motor.Regras, quadro: motor.Quadro, candidatos: list[motor.Candidato],
               nomes: dict, classes: dict) -> list[Titular]:
    por_inscricao = {c.inscricao: c for c in candidatos}
    artigo_reversao = f" ({lei.artigo_reversao})" if lei.artigo_reversao else ""
    artigo_ampla = f" ({lei.artigo_ampla})" if lei.artigo_ampla else ""
    linhas = []
    for c in motor.convocar(regras, quadro, candidatos):
        vazia = c.inscricao is None
        revertida = not vazia and c.lista != c.vaga
        if vazia:
            nota = "Sem candidato habilitado em nenhuma lista que possa ocupar a vaga."
        elif revertida:
            nota = (f"Vaga de {nomes[c.vaga]} sem candidato da lista: revertida para "
                    f"{nomes[c.lista]}{artigo_reversao}.")
        elif c.posicao > quadro.vagas:
            nota = "Chamada posterior ao lote (cadastro de reserva ou nova vaga), na vez da sua lista."
        elif c.pela_lista:
            artigo = f" ({lei.artigo_lista_mais_favoravel})" if lei.artigo_lista_mais_favoravel else ""
            nota = (f"Optou pela reserva e classificou-se na ampla, sem contar na reserva; a nomeação vem na posição "
                    f"que a lista {nomes[c.pela_lista]} lhe dá, mais favorável{artigo}.")
        elif c.vaga == motor.AMPLA and por_inscricao[c.inscricao].reserva:
            nota = f"Optou pela reserva, mas classificou-se na ampla: não conta na reserva{artigo_ampla}."
        else:
            nota = ""
        linhas.append(Titular(
            posicao=c.posicao, inscricao=c.inscricao or "—", classificacao=c.classificacao,
            vaga=nomes[c.vaga], lista=nomes[c.lista] if c.lista else "—", classe=classes[c.vaga],
            revertida=revertida, vazia=vazia, nota=nota,
        ))
    return linhas
