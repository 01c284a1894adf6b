"""As exportações do admin (django-import-export) e as grandes, feitas pela fila de tarefas.

- `recursos`: o que cada exportação traz (os Resources: o leiaute da importação, a versão de publicação...).
- `formatos_seguros`: CSV, TSV e XLSX em que nenhuma célula vira fórmula.
- `geracao`: a exportação grande, gerada em fluxo pela tarefa `concursos.tarefas.gerar_exportacao`.

O pedido e o andamento ficam em `concursos.Exportacao`; as telas, em concursos/admin/exportacao.py.
"""
