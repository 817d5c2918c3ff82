"""Japanese FAQs (Shadowmoor, 2008): 《日本語名/English Name》, ＊ rulings, ＃＃ 訂正 ＃＃ errata."""
