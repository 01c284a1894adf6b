// Num notebook (até 1600 px de largura), o menu lateral do admin começa fechado: as listas grandes (inscrições,
// cargos, chamadas) cabem na janela sem rolagem horizontal. Quem o abre pelo botão ««» o tem aberto dali em diante
// (o Django guarda a escolha). Roda antes do nav_sidebar.js do Django, que é carregado com defer.
"use strict";
(function () {
    const chave = "django.admin.navSidebarIsOpen";
    try {
        if (localStorage.getItem(chave) === null && window.innerWidth <= 1600) {
            localStorage.setItem(chave, "false");
        }
    } catch (erro) {
        // Sem localStorage, fica o padrão do Django (menu aberto).
    }
})();
