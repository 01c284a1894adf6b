"""Entrar e sair da área da comissão. A sessão de um membro termina ao fechar o navegador e depois de poucos
minutos sem uso (acesso/sessoes.py): os tablets da mesa são compartilhados."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import views as auth_views

from acesso.sessoes import limitar_a_inatividade


class Entrar(auth_views.LoginView):
    template_name = "heteroidentificacao/entrar.html"
    redirect_authenticated_user = True
    next_page = "comissao:minhas_sessoes"

    def form_valid(self, form):
        resposta = super().form_valid(form)
        limitar_a_inatividade(self.request)
        return resposta


class Sair(auth_views.LogoutView):
    next_page = "comissao:entrar"

    def post(self, request, *args, **kwargs):
        resposta = super().post(request, *args, **kwargs)
        messages.success(request, "Você saiu da área da comissão. Para voltar, entre de novo com usuário e senha.")
        return resposta
