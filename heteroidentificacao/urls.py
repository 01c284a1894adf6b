"""A área da comissão de heteroidentificação (/comissao/): login próprio, separada do admin do RH, e a página
pública de cada certame com os membros e os currículos depois do resultado."""

from django.urls import path

from acesso.bloqueio import uma_tentativa_por_vez
from heteroidentificacao.views import conducao, entrada, publicas, sessao, voto

app_name = "comissao"

urlpatterns = [
    path("entrar/", uma_tentativa_por_vez(entrada.Entrar.as_view()), name="entrar"),
    path("sair/", entrada.Sair.as_view(), name="sair"),
    path("", sessao.minhas_sessoes, name="minhas_sessoes"),
    path("sessao/<int:sessao_id>/", sessao.sessao, name="sessao"),
    path("sessao/<int:sessao_id>/ata.pdf", sessao.ata, name="ata"),
    path("sessao/<int:sessao_id>/ata-recursos.pdf", sessao.ata_recursos, name="ata_recursos"),
    path("sessao/<int:sessao_id>/abrir/", conducao.abrir_sessao, name="abrir_sessao"),
    path("sessao/<int:sessao_id>/encerrar/", conducao.encerrar_sessao, name="encerrar_sessao"),
    path("sessao/<int:sessao_id>/saida/", conducao.saida, name="saida"),
    path("sessao/<int:sessao_id>/entrada/", conducao.entrada, name="entrada"),
    path("sessao/<int:sessao_id>/votacao/", voto.votacao, name="votacao"),
    path("avaliacao/<int:avaliacao_id>/presenca/", conducao.presenca, name="presenca"),
    path("avaliacao/<int:avaliacao_id>/notas/", conducao.notas, name="notas"),
    path("avaliacao/<int:avaliacao_id>/gravacao/", conducao.gravacao, name="gravacao"),
    path("avaliacao/<int:avaliacao_id>/examinar-gravacao/", conducao.examinar_gravacao, name="examinar_gravacao"),
    path("avaliacao/<int:avaliacao_id>/abrir-votacao/", conducao.abrir_votacao, name="abrir_votacao"),
    path("avaliacao/<int:avaliacao_id>/anular-votacao/", conducao.anular_votacao, name="anular_votacao"),
    path("avaliacao/<int:avaliacao_id>/votar/", voto.votar, name="votar"),
    path("avaliacao/<int:avaliacao_id>/avaliar/", voto.avaliar, name="avaliar"),
    path("avaliacao/<int:avaliacao_id>/encerrar-avaliacoes/", conducao.encerrar_avaliacoes,
         name="encerrar_avaliacoes"),
    path("avaliacao/<int:avaliacao_id>/participacao/", voto.participacao, name="participacao"),
    path("avaliacao/<int:avaliacao_id>/apurar/", conducao.apurar, name="apurar"),
    path("avaliacao/<int:avaliacao_id>/cedula/", conducao.cedula, name="cedula"),
    path("avaliacao/<int:avaliacao_id>/parecer/", conducao.parecer, name="parecer"),
    path("publica/<int:certame_id>/", publicas.comissao_publica, name="publica"),
    path("publica/<int:certame_id>/curriculo/<int:membro_id>/", publicas.curriculo, name="curriculo"),
]
