"""The words of the site's own interface (not of the documents), in English and Japanese."""
from __future__ import annotations

from types import MappingProxyType

FAN_CONTENT_EN = (
    "Unofficial Fan Content permitted under the Fan Content Policy. Not approved/endorsed by "
    "Wizards. Portions of the materials used are property of Wizards of the Coast. "
    "©Wizards of the Coast LLC."
)
FAN_CONTENT_JA = (
    "本サイトはファンコンテンツ・ポリシーに沿った非公式のファンコンテンツです。"
    "ウィザーズ社の認可/許諾は得ていません。題材の一部に、ウィザーズ・オブ・ザ・コースト社の財産を含んでいます。"
    "©Wizards of the Coast LLC."
)

_STRINGS = {
    "en": {
        "skip": "Skip to content",
        "search_label": "Search the FAQs",
        "search_placeholder": "Cards, rules, rulings…",
        "search_button": "Search",
        "breadcrumbs": "Breadcrumbs",
        "home": "Home",
        "permalink": "Link to this item",
        "permalink_title": "Link to this item (a click also copies it)",
        "link_copied": "Link copied",
        "errata": "Errata",
        "not_found_title": "Page not found",
        "not_found_text": "There is no page at this address. It may have moved, or the link was mistyped.",
        "not_found_home": "Go to the home page",
        "fan_content": FAN_CONTENT_EN,
    },
    "ja": {
        "skip": "本文へスキップ",
        "search_label": "FAQを検索",
        "search_placeholder": "カード、ルール、裁定…",
        "search_button": "検索",
        "breadcrumbs": "パンくずリスト",
        "home": "ホーム",
        "permalink": "この項目へのリンク",
        "permalink_title": "この項目へのリンク（クリックでコピー）",
        "link_copied": "リンクをコピーしました",
        "errata": "訂正",
        "not_found_title": "ページが見つかりません",
        "not_found_text": "このアドレスにはページがありません。移動したか、リンクが間違っている可能性があります。",
        "not_found_home": "ホームページへ",
        "fan_content": FAN_CONTENT_JA,
    },
}
UI_STRINGS = MappingProxyType({lang: MappingProxyType(words) for lang, words in _STRINGS.items()})


def ui_strings(lang: str):
    """Return the interface words for ``lang``, English when the language has none."""
    return UI_STRINGS.get(lang, UI_STRINGS["en"])
