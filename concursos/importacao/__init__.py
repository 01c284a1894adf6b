"""A importação dos arquivos da banca; a orquestração e o seu passo a passo estão em servico.py."""
