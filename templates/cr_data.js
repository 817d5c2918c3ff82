{#- A data file of the Comprehensive Rules texts (compiler/site/cr/textdata.py); assets/crread.js
    reads it when the script element that loaded it fires its load event. -#}
(window.FAQC_CR_DATA = window.FAQC_CR_DATA || []).push({"format": {{ format }}, "name": "{{ name }}", "data": {{ payload }}});
