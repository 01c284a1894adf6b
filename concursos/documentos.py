"""PDFs dos certames: o quadro de vagas (anexo do edital), as listas de classificação e as convocações.

Aqui só se montam os contextos, a partir das mesmas leituras da tela (`Cargo.quadro()`, que chama o
motor; `listas_do_cargo`; as convocações gravadas): o PDF nunca recalcula nada por conta própria, para
mostrar exatamente os números do sistema. A emissão (código de verificação, QR code, hash) é de
`documentos.pdf.emitir_pdf`, a mesma da heteroidentificação.

O quadro de 200 cargos e as listas e convocações de 1.000 linhas precisam sair em até 3 s. O WeasyPrint
gasta cerca de meio milissegundo por célula de tabela, então os templates evitam células: no quadro, quatro
por cargo (os números numa só, alinhados por `documentos.pdf.numeros_alinhados`) e a ordem de nomeação como
texto compacto («1–2 AC, 3 NEG, 4–8 AC…»), nunca uma célula por posição; nas listas e convocações, linhas de
texto alinhadas em fonte monoespaçada, cinco por célula (`documentos.tabela_texto`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from decimal import Decimal

from concursos import nao_confirmacao
from concursos.models import Cargo, Certame, Convocacao, Escolaridade, Fase
from concursos.selectors.fases import classificados_da_fase
from concursos.selectors.listas import GERAL, Lista, listas_do_cargo
from concursos.services.certame import resumo_da_lei
from documentos.models import DocumentoEmitido
from documentos.pdf import emitir_pdf, largura_numerica, numeros_alinhados
from documentos.tabela_texto import LARGURA_PAISAGEM, Coluna, tabela_texto
from documentos.timbre import fecho_do_orgao
from documentos.tipos import registrar_tipo
from legislacao import comprovacao, motor
from legislacao.models import Consequencia, Desempate, Esfera, Lei, OrdemNomeacao
from legislacao.rotulos import nomes_das_vagas
from legislacao.saida import bases_compactas, ordem_compacta
from nucleo.texto import data_br, moeda_br, percentual_br, plural

# Os tipos dos documentos dos certames (documentos/tipos.py); o código é o que fica guardado em cada documento.
TIPO_QUADRO_VAGAS = registrar_tipo("quadro_vagas", "Quadro de vagas (anexo do edital)")
TIPO_LISTA_CLASSIFICACAO = registrar_tipo("lista_classificacao", "Lista de classificação")
TIPO_CONVOCACOES = registrar_tipo("convocacoes", "Lista de convocações")
TIPO_RELATORIO_TITULAR = registrar_tipo("relatorio_titular", "Relatório do titular (LGPD art. 18)")
TIPO_ESCOLHA_LOCAL = registrar_tipo("escolha_local", "Ordem de escolha do local de exercício")
TIPO_CLASSIFICADOS_FASE = registrar_tipo("classificados_fase", "Classificados para a fase seguinte")

ARREDONDAMENTO = dict(Lei._meta.get_field("arredondamento").choices)
# Rótulos curtos na tabela: «Ensino fundamental» quebraria a linha de quase todo cargo.
ESCOLARIDADE = {e.value: e.label.removeprefix("Ensino ").capitalize() for e in Escolaridade}
CORES_NO_PLURAL = {"preta": "pretos", "parda": "pardos", "indigena": "indígenas", "branca": "brancos",
                   "amarela": "amarelos"}


# --- quadro de vagas ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class LinhaQuadro:
    codigo: str
    nome: str
    escolaridade: str
    vagas: int
    ampla: int
    pcd: int
    reservas: tuple[int, ...]
    abaixo_do_minimo: bool
    ordem: str
    ajustes: tuple[motor.Ajuste, ...]
    erro: str = ""
    numeros: str = ""
    bases: str = ""
    remuneracao: str = ""
    carga_horaria: str = ""
    requisitos: str = ""


def ordem_inquebravel(ordem: tuple[str, ...]) -> str:
    """«1–2 AC, 3 NEG…» em que a linha só quebra depois das vírgulas, nunca dentro de «52–54 AC».

    Espaço rígido e «word joiner» em vez de um <span> por corrida: cada elemento a mais custa tempo ao WeasyPrint.
    """
    return ", ".join(corrida.replace(" ", "\u00a0").replace("–", "–\u2060") for corrida in ordem_compacta(ordem))


@dataclass(frozen=True)
class Norma:
    """Uma linha da base legal: o que a regra diz e o dispositivo da lei que a estabelece."""

    tema: str
    texto: str
    artigo: str = ""


def _padrao(grupo: motor.Grupo) -> str:
    if grupo.padrao is motor.Padrao.A_CADA:
        return f"a cada {grupo.intervalo} nomeações, a {grupo.intervalo}ª vaga é do grupo"
    proporcional = ("proporcional cumulativo: a posição n é do grupo quando o número de vagas reservadas entre as "
                    "n primeiras aumenta (alternância e proporcionalidade)")
    if grupo.padrao is motor.Padrao.POSICOES:
        posicoes = ", ".join(f"{p}ª" for p in grupo.posicoes)
        return f"{posicoes} posição fixada na lei; depois, {proporcional}"
    return proporcional


def _minuscula(texto: str) -> str:
    return texto[:1].lower() + texto[1:]


def _regra_pcd(regra: motor.RegraPcd) -> str:
    partes = []
    if regra.percentual is not None:
        arredondamento = ARREDONDAMENTO.get(regra.arredondamento.value, "").lower()
        partes.append(f"{percentual_br(regra.percentual)} das vagas de cada cargo ({arredondamento})")
    if regra.posicoes:
        posicoes = ", ".join(f"{p}ª" for p in regra.posicoes)
        depois = f" e, depois, uma a cada {regra.intervalo}" if regra.intervalo else ""
        partes.append(f"nas posições {posicoes}{depois} da ordem de nomeação")
    elif regra.percentual is not None:
        partes.append("nas posições em que a contagem do percentual aumenta")
    else:
        partes.append("o número de cada cargo, na proporção das vagas do cargo")
    return "; ".join(partes)


def _quem_concorre(grupo: motor.Grupo) -> str:
    nomes = [CORES_NO_PLURAL[c] for c in ("preta", "parda", "indigena") if c in grupo.cores]
    if grupo.quilombola:
        nomes.append("quilombolas")
    return ", ".join(nomes[:-1]) + (" e " if len(nomes) > 1 else "") + nomes[-1] if nomes else "—"


def _lei_do_certame(certame: Certame) -> tuple[Lei | None, dict]:
    """A lei congelada na publicação; antes dela, a que se aplicaria hoje (o PDF sai marcado como prévia)."""
    if certame.regras is not None:
        return certame.lei, certame.regras.get("lei", {})
    lei = certame.aplicabilidade().lei
    return lei, resumo_da_lei(lei)


def base_legal(regras: motor.Regras, lei: dict, certame: Certame, *, heteroidentificacao: bool) -> list[Norma]:
    """As regras que o quadro aplica, cada uma com o seu artigo, das regras congeladas do certame (e, nas vagas PcD, no
    critério das posições e no que acontece ao não confirmado, do edital)."""
    return [*_normas_das_posicoes(regras), *_normas_das_listas(regras, lei),
            *_normas_da_heteroidentificacao(lei, certame, heteroidentificacao=heteroidentificacao),
            *_normas_dos_documentos(regras, lei)]


def _normas_das_posicoes(regras: motor.Regras) -> list[Norma]:
    ordem = OrdemNomeacao.PCD_ANTES if regras.nomeacao_pcd_antes_da_reserva else OrdemNomeacao.RESERVA_ANTES
    desempate = Desempate.PCD_ANTES if regras.posicao_pcd_antes_da_reserva else Desempate.RESERVA_ANTES
    itens = [Norma("Mínimo de vagas", f"só há reserva num cargo com {regras.minimo_vagas} vagas ou mais, "
                                      "contadas por cargo", regras.artigo_minimo),
             Norma("Fração de vaga", ARREDONDAMENTO.get(regras.arredondamento.value, regras.arredondamento.value),
                   regras.artigo_arredondamento),
             Norma("Quem está em várias listas", f"é nomeado nesta ordem: {ordem.label.lower()}",
                   regras.artigo_ordem_nomeacao or regras.item_criterio),
             Norma("Vaga PcD e vaga reservada na mesma posição",
                   (f"a posição que a lei fixa é sempre do grupo da lei; nas outras, {_minuscula(desempate.label)}"
                    if regras.posicoes_da_lei_protegidas else _minuscula(desempate.label)),
                   regras.artigo_desempate or regras.item_criterio)]
    if regras.pcd.artigo or regras.pcd.percentual is not None or regras.pcd.posicoes:
        itens.append(Norma("Vagas PcD", _regra_pcd(regras.pcd), regras.pcd.artigo))
    if regras.pcd_primeiro_nos_empregos:
        itens.append(Norma("Empregos públicos", "nos cargos marcados como emprego público, as vagas PcD ocupam as "
                                                "primeiras posições da ordem de nomeação",
                           regras.artigo_pcd_primeiro_nos_empregos))
    return itens


def _normas_das_listas(regras: motor.Regras, lei: dict) -> list[Norma]:
    """As regras de quem ocupa as vagas que a lei do certame tem (cada uma só quando a lei a tem)."""
    cadeias = "; ".join(f"{g.codigo} → {', '.join(g.reverte_para)}" for g in regras.grupos if g.reverte_para)
    antes = f" (antes, aos grupos da cadeia: {cadeias})" if cadeias else ""
    possiveis = [
        (regras.equidade_genero, "Equidade de gênero",
         "as vagas reservadas de cada grupo se alternam entre mulheres e homens, a primeira ao mais bem classificado "
         "do grupo; sem candidatos de um gênero, revertem ao outro", regras.artigo_equidade_genero),
        (regras.lista_mais_favoravel, "Lista mais favorável",
         "o cotista aprovado dentro das vagas de ampla concorrência é nomeado na posição que a lista da reserva lhe "
         "daria, se anterior, sem contar na reserva", regras.artigo_lista_mais_favoravel),
        (regras.artigo_ampla, "Cotista na ampla",
         "o cotista classificado dentro das vagas de ampla concorrência é nomeado por elas e não ocupa vaga "
         "reservada", regras.artigo_ampla),
        (lei.get("artigo_desistencia"), "Desistência",
         "a vaga vai ao próximo candidato da mesma lista de quem desistiu", lei.get("artigo_desistencia", "")),
        (regras.artigo_reversao, "Reversão",
         f"vaga reservada sem candidato aprovado do grupo reverte{antes} à ampla concorrência",
         regras.artigo_reversao),
        (regras.uma_reserva_so, "Reserva única",
         "quem é elegível a mais de uma reserva concorre só na de maior percentual (no empate, na que vem antes na "
         "lei)", regras.artigo_uma_reserva),
        (lei.get("artigo_cadastro"), "Cadastro de reserva",
         "as posições além das vagas do edital (novas vagas na validade) seguem o mesmo padrão",
         lei.get("artigo_cadastro", "")),
    ]
    return [Norma(tema, texto, artigo) for vale, tema, texto, artigo in possiveis if vale]


def _normas_da_heteroidentificacao(lei: dict, certame: Certame, *, heteroidentificacao: bool) -> list[Norma]:
    """O que acontece ao não confirmado, como o edital escolheu dentro da lei (decisão 0018), e ao ausente, pela
    lei."""
    itens = []
    if heteroidentificacao or certame.item_nao_confirmacao:
        escolha = nao_confirmacao.do_certame(certame, lei)
        itens.append(Norma("Heteroidentificação: não confirmação", escolha.rotulo.lower(), escolha.base))
    if lei.get("ausencia") and lei["ausencia"] != Consequencia.NAO_PREVISTA:
        itens.append(Norma("Heteroidentificação: ausência", Consequencia(lei["ausencia"]).label.lower(),
                           lei.get("artigo_ausencia", "")))
    return itens


def _normas_dos_documentos(regras: motor.Regras, lei: dict) -> list[Norma]:
    nomes = {g.codigo: g.nome for g in regras.grupos}
    return [Norma(f"Documentos: {nomes.get(grupo, grupo)}",
                  f"para concorrer à reserva, o candidato apresenta {exigencia.descrever()}", exigencia.artigo)
            for grupo, exigencia in comprovacao.exigencias_de_dict(lei.get("documentos")).items()]


@dataclass(frozen=True)
class AjusteAgrupado:
    """Um mesmo ajuste (posição, tipo de vaga e motivo idênticos) em vários cargos, escrito uma vez só."""

    posicao: int
    vaga: str
    motivo: str
    base: str
    cargos: tuple[str, ...]


def agrupar_ajustes(linhas: list[LinhaQuadro]) -> list[AjusteAgrupado]:
    # Cargos com as mesmas vagas têm os mesmos ajustes; repeti-los cargo a cargo encheria páginas do edital.
    grupos: dict[tuple[int, str, str, str], list[str]] = {}
    for linha in linhas:
        for a in linha.ajustes:
            grupos.setdefault((a.posicao, a.vaga, a.motivo, a.base), []).append(linha.codigo)
    return [AjusteAgrupado(posicao, vaga, motivo, base, tuple(cargos))
            for (posicao, vaga, motivo, base), cargos in sorted(grupos.items(), key=lambda item: item[0][:2])]


def sem_reserva(certame: Certame) -> str:
    """O que o cidadão lê no quadro de um edital sem lei de reserva aplicável: o fato e a consequência, sem as
    instruções ao RH do motivo guardado no certame (que vão ao painel)."""
    lei = {Esfera.FEDERAL: "lei federal de reserva de vagas",
           Esfera.ESTADUAL: f"lei estadual de reserva de vagas de {certame.uf}"}.get(
        certame.orgao.esfera, f"lei municipal de reserva de vagas de {certame.municipio}")
    return (f"Nenhuma {lei} se aplica a este edital, publicado em "
            f"{data_br(certame.data_edital)}: não há vagas reservadas para pessoas negras, indígenas ou "
            "quilombolas. As vagas são de ampla concorrência, com as reservadas a pessoas com deficiência, quando "
            "o edital as prevê.")


def contexto_quadro(certame: Certame) -> dict:
    """Contexto do anexo «Quadro de vagas»: o timbre do órgão, uma linha por cargo (as vagas, a reserva de cada grupo,
    a remuneração e a carga horária), os requisitos, a ordem de nomeação, a base legal e o fecho com as assinaturas."""
    regras = certame.regras_motor()
    lei, resumo = _lei_do_certame(certame)
    elegibilidade = resumo.get("elegibilidade", {})
    linhas = []
    # `certame.cargos` devolve cargos que já apontam para este certame: regras_motor() não volta ao banco.
    for cargo in certame.cargos.order_by("codigo"):
        cargo.certame = certame
        do_cargo = {"remuneracao": moeda_br(cargo.remuneracao, "—"),
                    "carga_horaria": f"{cargo.carga_horaria}\u00a0h" if cargo.carga_horaria else "—",
                    "requisitos": cargo.requisitos.strip()}
        try:
            quadro = cargo.quadro(regras=regras)
        except motor.ErroRegras as erro:
            # Só num rascunho (a publicação recusa números impossíveis): a prévia mostra o problema no cargo.
            linhas.append(LinhaQuadro(cargo.codigo, cargo.nome, ESCOLARIDADE.get(cargo.escolaridade, ""),
                                      cargo.vagas, 0, cargo.vagas_pcd, tuple(0 for _ in regras.grupos), False, "", (),
                                      erro=str(erro), **do_cargo))
            continue
        linhas.append(LinhaQuadro(
            codigo=cargo.codigo, nome=cargo.nome, escolaridade=ESCOLARIDADE.get(cargo.escolaridade, ""),
            vagas=quadro.vagas, ampla=quadro.ampla, pcd=quadro.pcd, reservas=tuple(r.vagas for r in quadro.reservas),
            abaixo_do_minimo=quadro.abaixo_do_minimo, ordem=ordem_inquebravel(quadro.ordem),
            ajustes=quadro.ajustes, bases="; ".join(bases_compactas(cargo.regras_motor(regras), quadro)), **do_cargo))
    # Vagas, AC, PcD e um por grupo numa célula só (ver numeros_alinhados): metade das células da tabela.
    rotulos = ["Vagas", motor.AMPLA, "PcD", *(f"{g.codigo} {percentual_br(g.percentual)}" for g in regras.grupos)]
    valores = [[linha.vagas, linha.ampla, linha.pcd, *linha.reservas] for linha in linhas]
    por_coluna = list(zip(*valores, strict=True)) or [()] * len(rotulos)
    totais_numeros = [sum(coluna) for coluna in por_coluna]
    larguras = [largura_numerica(rotulo, [*coluna, total])
                for rotulo, coluna, total in zip(rotulos, por_coluna, totais_numeros, strict=True)]
    colunas = [{"rotulo": rotulo, "largura": largura} for rotulo, largura in zip(rotulos, larguras, strict=True)]
    linhas = [replace(linha, numeros=numeros_alinhados(v, larguras)) for linha, v in zip(linhas, valores, strict=True)]
    grupos = [{"codigo": g.codigo, "nome": g.nome, "percentual": percentual_br(g.percentual), "artigo": g.artigo,
               "padrao": _padrao(g), "artigo_padrao": g.artigo_padrao, "quem": _quem_concorre(g),
               "artigo_quem": elegibilidade.get(g.codigo, "")}
              for g in regras.grupos]
    totais = {"pcd": totais_numeros[2], "numeros": numeros_alinhados(totais_numeros, larguras)}
    legenda = [(motor.AMPLA, motor.NOME_AMPLA)]
    if totais["pcd"]:
        legenda.append((motor.PCD, motor.NOME_PCD))
    legenda += [(g["codigo"], g["nome"]) for g in grupos]
    return {
        "certame": certame, "lei": lei, "resumo_lei": resumo, "regras": regras, "grupos": grupos,
        "linhas": linhas, "colunas": colunas, "totais": totais, "legenda": legenda,
        "base_legal": base_legal(regras, resumo, certame,
                                 heteroidentificacao=bool(lei and lei.exige_heteroidentificacao)),
        "abaixo": [linha for linha in linhas if linha.abaixo_do_minimo],
        "ajustes": agrupar_ajustes(linhas), "previa": not certame.publicado,
        "sem_reserva": "" if lei else sem_reserva(certame),
        "requisitos": [linha for linha in linhas if linha.requisitos],
        **fecho_do_orgao(certame.orgao),
    }


def emitir_quadro(*, certame: Certame, usuario) -> DocumentoEmitido:
    certame = Certame.objects.select_related("orgao__municipio", "municipio", "lei").get(pk=certame.pk)
    titulo = f"Quadro de vagas — Edital nº {certame.numero_edital}"
    return emitir_pdf(template="concursos/pdf/quadro_vagas.html", contexto=contexto_quadro(certame),
                      tipo=TIPO_QUADRO_VAGAS, titulo=titulo, usuario=usuario, referencia=certame,
                      nome_arquivo=f"quadro de vagas edital {certame.numero_edital}", orgao_id=certame.orgao_id)


# --- listas de classificação ------------------------------------------------------------------------------------

class ListaDesconhecida(LookupError):
    """O cargo não tem lista com esse código (p. ex. um grupo de outra lei)."""


def lista_do_cargo(cargo: Cargo, codigo: str, *, com_outras_listas: bool = False) -> Lista:
    codigo = codigo.upper()
    for lista in listas_do_cargo(cargo, com_outras_listas=com_outras_listas):
        if lista.codigo == codigo:
            return lista
    raise ListaDesconhecida(codigo)


# A chave do PDF da ampla com a coluna das outras listas: é outro documento que o da ampla sem ela (documentos/
# substituicao.py reemite cada um como era).
COM_OUTRAS_LISTAS = "+OUTRAS"


def chave_da_lista(codigo: str, *, com_outras_listas: bool) -> str:
    return codigo.upper() + (COM_OUTRAS_LISTAS if com_outras_listas and codigo.upper() == motor.AMPLA else "")


def nota_br(nota: Decimal | None) -> str:
    """87.500 → «87,500», como a tela mostra a nota (pt-BR, sem separador de milhar); sem nota, «—»."""
    return "—" if nota is None else format(nota, "f").replace(".", ",")


def contexto_lista(cargo: Cargo, codigo: str, *, com_outras_listas: bool = False) -> dict:
    """Uma lista de classificação, só com dados publicáveis: inscrição, nome, CPF mascarado, nota, classificação.

    Cor ou raça e deficiência são dados sensíveis (LGPD art. 5º, II) e não constam: a lista em que o nome
    aparece já diz o que a publicação precisa dizer. As linhas são as mesmas da página do cargo (a mesma
    `listas_do_cargo`), em texto alinhado (ver documentos.tabela_texto); o nome vai por último, porque é o que
    pode quebrar a linha.

    Com `com_outras_listas`, a ampla traz a coluna «Também» com os códigos das outras listas (PcD, cada reserva) em
    que o candidato está: o mesmo que essas listas publicam, nada além (decisão 0019).
    """
    lista = lista_do_cargo(cargo, codigo, com_outras_listas=com_outras_listas)
    geral = lista.codigo == GERAL
    outras = com_outras_listas and lista.codigo == motor.AMPLA
    colunas = [Coluna("Posição", direita=True), Coluna("Inscrição"), Coluna("CPF"),
               Coluna("Nota final", direita=True), *([] if geral else [Coluna("Geral", direita=True)]),
               *([Coluna("Também")] if outras else []), Coluna("Nome")]
    linhas = ([linha.posicao, linha.numero, linha.cpf_mascarado, nota_br(linha.nota_final),
               *([] if geral else [linha.classificacao]), *([", ".join(linha.tambem) or "—"] if outras else []),
               linha.nome] for linha in lista.linhas)
    nomes = nomes_das_vagas(cargo.certame.regras_motor())
    legenda = [(codigo, nomes[codigo]) for codigo in nomes if codigo != motor.AMPLA] if outras else []
    return {"certame": cargo.certame, "cargo": cargo, "lista": lista, "geral": geral, "outras": outras,
            "legenda": legenda, "tabela": tabela_texto(colunas, linhas), "previa": not cargo.certame.publicado}


def emitir_lista(*, cargo: Cargo, codigo: str, usuario, com_outras_listas: bool = False) -> DocumentoEmitido:
    cargo = Cargo.objects.select_related("certame__orgao").get(pk=cargo.pk)
    contexto = contexto_lista(cargo, codigo, com_outras_listas=com_outras_listas)
    lista = contexto["lista"]
    titulo = f"Lista de classificação — {lista.nome} — Cargo {cargo.codigo} — Edital nº {cargo.certame.numero_edital}"
    return emitir_pdf(template="concursos/pdf/lista.html", contexto=contexto,
                      tipo=TIPO_LISTA_CLASSIFICACAO, titulo=titulo, usuario=usuario, referencia=cargo,
                      nome_arquivo=f"lista {lista.codigo} cargo {cargo.codigo} edital {cargo.certame.numero_edital}",
                      orgao_id=cargo.certame.orgao_id,
                      chave=chave_da_lista(lista.codigo, com_outras_listas=contexto["outras"]))


# --- convocações ------------------------------------------------------------------------------------------------

COLUNAS_CONVOCACAO = [Coluna("Posição", direita=True), Coluna("Vaga"), Coluna("Lista"), Coluna("Inscrição"),
                      Coluna("CPF"), Coluna("Chamada", direita=True), Coluna("Data"), Coluna("Vacância"),
                      Coluna("Nome")]


def _linha_convocacao(c: Convocacao) -> list:
    """Uma posição da ordem de nomeação; o substituto, o passo do provimento (nomeado, empossado, em exercício) e a
    causa e o ato da vacância vão junto do nome."""
    if c.inscricao is None:
        return [c.posicao, c.vaga, c.lista or "—", "—", "—", f"{c.chamada.numero}ª", data_br(c.chamada.data, "—"),
                data_br(c.desistiu_em, "—"), "sem candidato habilitado"]
    nome = str(c.inscricao.candidato)
    if c.substitui:
        nome += f" (substitui {c.substitui.inscricao.numero})"
    if c.pela_lista:
        nome += f" (na posição da lista {c.pela_lista}, mais favorável)"
    if c.desistiu_em:
        causa = (c.get_causa_vacancia_display() or "vacância").lower()
        nome += f" — {causa}: {c.ato_desistencia}" if c.ato_desistencia else f" — {causa}"
    elif c.nomeado_em:
        nome += f" — {c.etapa.lower()}"
    return [c.posicao, c.vaga, c.lista or "—", c.inscricao.numero, c.inscricao.candidato.cpf_mascarado,
            f"{c.chamada.numero}ª", data_br(c.chamada.data, "—"), data_br(c.desistiu_em, "—"), nome]


def vacancias_por_causa(convocacoes: list[Convocacao]) -> str:
    """«2 vacâncias (desistência: 1; exoneração a pedido: 1)», ou vazio sem nenhuma."""
    causas = Counter((c.get_causa_vacancia_display() or "vacância").lower() for c in convocacoes if c.desistiu_em)
    if not causas:
        return ""
    detalhe = "; ".join(f"{causa}: {n}" for causa, n in sorted(causas.items()))
    return f"{plural(sum(causas.values()), 'vacância', 'vacâncias')} ({detalhe})"


def _por_chamada(chamadas: list, valor) -> list[tuple[str, str]]:
    """O valor de cada chamada, com o rótulo dela («1ª chamada (Portaria nº 7/2024)»); um só, sem rótulo, quando
    todas dizem o mesmo."""
    valores = [(f"{c.numero}ª chamada ({c.ato})", valor(c)) for c in chamadas]
    if len({v for _, v in valores}) <= 1:
        return [("", valores[0][1])] if valores else []
    return valores


def itens_da_apresentacao(chamadas: list, exigencias: dict, grupos_convocados: dict[str, str]) -> dict:
    """O que o edital de convocação diz, do ato de cada chamada: o que levar (os documentos do ato e, a quem foi
    convocado por uma reserva, os que a lei congelada exige para ela, decisão 0021), onde e até quando."""
    documentos = [(rotulo, [linha.strip() for linha in texto.splitlines() if linha.strip()])
                  for rotulo, texto in _por_chamada(chamadas, lambda c: c.documentos)]
    da_lei = [{"grupo": nome, "exige": exigencias[codigo].descrever(), "artigo": exigencias[codigo].artigo}
              for codigo, nome in grupos_convocados.items() if codigo in exigencias]
    return {"documentos": [(rotulo, linhas) for rotulo, linhas in documentos if linhas],
            "documentos_da_lei": da_lei,
            "locais": _por_chamada(chamadas, lambda c: c.local),
            "prazos": _por_chamada(chamadas, lambda c: data_br(c.prazo))}


def contexto_convocacoes(cargo: Cargo) -> dict:
    """O edital de convocação do cargo: em itens numerados, quem é convocado (todas as convocações, na ordem de
    nomeação, com a chamada de cada uma e as vacâncias), o que levar, onde e até quando se apresentar — do ato de cada
    chamada —, e o fecho com o local, a data e as assinaturas do órgão.

    A história não se reescreve: quem desistiu continua na lista, acinzentado, com a data e o ato da
    desistência, seguido de quem o substituiu na mesma posição. A tabela é texto alinhado (ver
    documentos.tabela_texto); o ato de cada chamada está no quadro «Chamadas», pelo número.
    """
    regras = cargo.certame.regras_motor()
    nomes = nomes_das_vagas(regras)
    convocacoes = list(
        Convocacao.objects.filter(cargo=cargo)
        .select_related("chamada", "inscricao__candidato", "substitui__inscricao")
        .order_by("posicao", "chamada__numero"))
    chamadas = list(cargo.chamadas.order_by("numero"))
    ativas = [c for c in convocacoes if c.desistiu_em is None and c.inscricao_id]
    tabela = tabela_texto(COLUNAS_CONVOCACAO, (_linha_convocacao(c) for c in convocacoes), largura=LARGURA_PAISAGEM,
                          classes=["desistiu" if c.desistiu_em else "" for c in convocacoes])
    resumo_lei = (cargo.certame.regras or {}).get("lei", {})
    grupos = {c.pela_lista or c.lista: nomes.get(c.pela_lista or c.lista, "") for c in ativas}
    return {"certame": cargo.certame, "cargo": cargo, "convocacoes": convocacoes, "chamadas": chamadas,
            "tabela": tabela, "nomes": nomes, "legenda": sorted(nomes.items(), key=lambda item: item[0] != motor.AMPLA),
            "resumo": {"posicoes": len({c.posicao for c in convocacoes}), "em_exercicio": len(ativas),
                       "vacancias": vacancias_por_causa(convocacoes),
                       "revertidas": sum(1 for c in ativas if c.lista and c.lista != c.vaga),
                       "sem_titular": sum(1 for c in convocacoes if c.inscricao_id is None)},
            "resumo_lei": resumo_lei,
            "pela_lista": any(c.pela_lista for c in convocacoes),
            "artigo_lista_mais_favoravel": regras.artigo_lista_mais_favoravel,
            "apresentacao": itens_da_apresentacao(
                chamadas, comprovacao.exigencias_de_dict(resumo_lei.get("documentos")), grupos),
            **fecho_do_orgao(cargo.certame.orgao)}


def emitir_convocacoes(*, cargo: Cargo, usuario) -> DocumentoEmitido:
    cargo = Cargo.objects.select_related("certame__orgao__municipio").get(pk=cargo.pk)
    titulo = f"Edital de convocação — Cargo {cargo.codigo} — Edital nº {cargo.certame.numero_edital}"
    return emitir_pdf(template="concursos/pdf/convocacoes.html", contexto=contexto_convocacoes(cargo),
                      tipo=TIPO_CONVOCACOES, titulo=titulo, usuario=usuario, referencia=cargo,
                      nome_arquivo=f"edital de convocacao cargo {cargo.codigo} edital {cargo.certame.numero_edital}",
                      orgao_id=cargo.certame.orgao_id)


# --- ordem de escolha do local de exercício -----------------------------------------------------------------------

COLUNAS_ESCOLHA = [Coluna("Ordem", direita=True), Coluna("Classificação", direita=True), Coluna("Inscrição"),
                   Coluna("CPF"), Coluna("Posição", direita=True), Coluna("Nome")]


def contexto_escolha_local(cargo: Cargo) -> dict:
    """Quem escolhe o local de exercício, e em que ordem: os titulares de agora na ordem da lista de ampla
    concorrência — a classificação geral, cotistas e PcD incluídos — e não na ordem de nomeação (p. ex. Ubatuba art.
    7º, § 3º). Só dados publicáveis, como nas listas."""
    titulares = list(Convocacao.objects.filter(cargo=cargo, desistiu_em__isnull=True, inscricao__isnull=False)
                     .select_related("inscricao__candidato").order_by("inscricao__classificacao", "posicao"))
    linhas = [[ordem, c.inscricao.classificacao, c.inscricao.numero, c.inscricao.candidato.cpf_mascarado, c.posicao,
               str(c.inscricao.candidato)] for ordem, c in enumerate(titulares, 1)]
    resumo = (cargo.certame.regras or {}).get("lei", {})
    return {"certame": cargo.certame, "cargo": cargo, "titulares": len(titulares),
            "tabela": tabela_texto(COLUNAS_ESCOLHA, linhas), "artigo": resumo.get("artigo_escolha_local", "")}


def emitir_escolha_local(*, cargo: Cargo, usuario) -> DocumentoEmitido:
    cargo = Cargo.objects.select_related("certame__orgao").get(pk=cargo.pk)
    titulo = f"Ordem de escolha do local de exercício — Cargo {cargo.codigo} — Edital nº {cargo.certame.numero_edital}"
    return emitir_pdf(template="concursos/pdf/escolha_local.html", contexto=contexto_escolha_local(cargo),
                      tipo=TIPO_ESCOLHA_LOCAL, titulo=titulo, usuario=usuario, referencia=cargo,
                      nome_arquivo=f"escolha do local cargo {cargo.codigo} edital {cargo.certame.numero_edital}",
                      orgao_id=cargo.certame.orgao_id)


# --- classificados para a fase seguinte --------------------------------------------------------------------------

COLUNAS_CLASSIFICADOS = [Coluna("Ordem", direita=True), Coluna("Inscrição"), Coluna("CPF"),
                         Coluna("Nota", direita=True), Coluna("Nome")]


def contexto_classificados_fase(fase: Fase, cargo: Cargo) -> dict:
    """Quem segue da fase no cargo, por lista, com os números do corte e a base da reserva no corte: o artigo da lei
    congelada no certame ou, se ela não fala das fases, o item do edital (`Fase.fundamento`). Só dados publicáveis,
    como nas listas de classificação."""
    listas = [{"lista": lista, "tabela": tabela_texto(COLUNAS_CLASSIFICADOS, (
        [i, c.inscricao, c.cpf_mascarado, nota_br(c.nota), c.nome] for i, c in enumerate(lista.classificados, 1)))}
              for lista in classificados_da_fase(fase, cargo)]
    return {"certame": fase.certame, "cargo": cargo, "fase": fase, "listas": listas,
            "artigo": fase.artigo_da_lei, "fundamento": fase.fundamento(),
            "aplica_reserva": fase.regra_corte().aplica_reserva}


def emitir_classificados_fase(*, fase: Fase, cargo: Cargo, usuario) -> DocumentoEmitido:
    cargo = Cargo.objects.select_related("certame__orgao").get(pk=cargo.pk)
    titulo = (f"Classificados para a fase seguinte — {fase} — Cargo {cargo.codigo} — Edital nº "
              f"{cargo.certame.numero_edital}")
    return emitir_pdf(template="concursos/pdf/classificados_fase.html",
                      contexto=contexto_classificados_fase(fase, cargo), tipo=TIPO_CLASSIFICADOS_FASE,
                      titulo=titulo, usuario=usuario, referencia=cargo,
                      nome_arquivo=f"classificados fase {fase.ordem} cargo {cargo.codigo} edital "
                                   f"{cargo.certame.numero_edital}",
                      orgao_id=cargo.certame.orgao_id, chave=f"fase-{fase.pk}")
