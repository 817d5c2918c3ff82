{#- A data file of the "go to rule" box (compiler/site/gotopages.py); assets/goto.js reads it
    when the script element that loaded it fires its load event. -#}
(window.FAQC_GOTO_DATA = window.FAQC_GOTO_DATA || []).push({{ data | tojson }});
