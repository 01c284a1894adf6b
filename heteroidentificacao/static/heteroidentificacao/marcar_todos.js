// «Marcar todos» na convocação de cotistas: a caixa do cabeçalho marca ou desmarca todas as da lista.
document.getElementById("marcar-todos").addEventListener("change", function (evento) {
  for (const caixa of document.querySelectorAll('input[name="inscricoes"]')) {
    caixa.checked = evento.target.checked;
  }
});
