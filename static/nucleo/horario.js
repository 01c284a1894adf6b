// As datas e horas do sistema são as de Brasília, as legais do certame (o rodapé diz isso uma vez). O admin do Django
// avisaria, sob cada campo de data, a diferença para o relógio do navegador: o aviso some, e «Agora» e «Hoje»
// continuam no horário de Brasília. Carregado com defer: roda depois do DateTimeShortcuts.js e antes do «load».
"use strict";
if (window.DateTimeShortcuts) {
    window.DateTimeShortcuts.addTimezoneWarning = function () {};
}
