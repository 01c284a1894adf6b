"""As telas do RH para a heteroidentificação: comissões (com os membros e a conferência da composição),
sessões e convocação, avaliações (só consulta, com a gravação), acessos às gravações, recursos e apuração de
fraude. Cada tela está no seu módulo; aqui só o registro.

`Cedula` e `Participacao` nunca entram no admin: são o sigilo do voto (Afonso Cláudio art. 11, § 2º;
docs/decisoes/0003-sigilo-do-voto.md), e nenhuma tela deve permitir cruzar quem votou com o que se votou.
"""

from django.contrib import admin

from heteroidentificacao.admin.comissao import ComissaoAdmin
from heteroidentificacao.admin.recursos import ProcedimentoFraudeAdmin, RecursoAdmin
from heteroidentificacao.admin.sessoes import AcessoGravacaoAdmin, AvaliacaoAdmin, SessaoAdmin
from heteroidentificacao.models import AcessoGravacao, Avaliacao, Comissao, ProcedimentoFraude, Recurso, Sessao

admin.site.register(Comissao, ComissaoAdmin)
admin.site.register(Sessao, SessaoAdmin)
admin.site.register(Avaliacao, AvaliacaoAdmin)
admin.site.register(AcessoGravacao, AcessoGravacaoAdmin)
admin.site.register(Recurso, RecursoAdmin)
admin.site.register(ProcedimentoFraude, ProcedimentoFraudeAdmin)
