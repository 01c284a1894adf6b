"""Datas no padrão brasileiro curto (dd/mm/aaaa) em todo o admin, inclusive nos campos só de leitura.

O Django usa por padrão «30 de Novembro de 2023»; editais e atas citam as datas como 30/11/2023.
O que não está aqui vem do formato pt_BR do próprio Django.
"""

DATE_FORMAT = "d/m/Y"
DATETIME_FORMAT = "d/m/Y H:i"
SHORT_DATE_FORMAT = "d/m/Y"
SHORT_DATETIME_FORMAT = "d/m/Y H:i"
