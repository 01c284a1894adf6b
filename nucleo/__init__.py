"""O núcleo comum dos apps (docs/arquitetura.md): peças que todas as camadas usam e que não conhecem
nenhum app."""
