// Atualiza, sem recarregar a página do presidente, quantos membros já votaram: só a contagem, nunca os votos.
document.querySelectorAll("[data-participacao]").forEach(function (elemento) {
  setInterval(function () {
    fetch(elemento.dataset.participacao, { credentials: "same-origin", cache: "no-store" })
      .then(function (resposta) { return resposta.ok ? resposta.json() : null; })
      .then(function (dados) { if (dados) { elemento.textContent = dados.texto; } })
      .catch(function () {});
  }, 4000);
});
