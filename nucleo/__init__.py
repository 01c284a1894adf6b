"""O núcleo comum dos apps (docs: ../shared/ARQUITETURA.md): peças que todas as camadas usam e que não conhecem
nenhum app."""
