"""A área dos membros da comissão (/comissao/) e a página pública: views finas que chamam os serviços."""
