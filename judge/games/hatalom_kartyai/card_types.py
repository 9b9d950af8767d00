"""Card types (chapter 8): creatures, spells, enchantments and what they go on, attached types;
'is a' readings (a torzszülött counts as a szörny, 'bűbáj' means every enchantment) and
choosing a type."""
from __future__ import annotations

from judge.engine.characteristics import NOT_COMPUTED


CREATURES = ("szörny", "torzszülött", "kalandozó", "galetki", "avatár")
SPELLS_ONE_SHOT = ("azonnali", "általános")
ATTACH_TYPES = ("szintlépés", "testrész")
#: the card types of chapter 8 and the collective names a rule or card text uses for a kind of card
#: (8.1.0 lény / nem-lény, 8.5.0 varázslat, 8.11.0 rátett lap): what 'bűbáj valamire' may name
CARD_TYPES = CREATURES + SPELLS_ONE_SHOT + ATTACH_TYPES + ("bűbáj", "építmény", "tárgy", "szakértelem", "helyszín")
KINDS = CARD_TYPES + ("lény", "nem-lény", "varázslat", "rátett lap")
GROWTH = "erősödés"
#: flag of a card whose special abilities are switched off ("képességét kikapcsolni")
NO_ABILITIES = "képességtelen"


#: pool (by id) -> (the pool, whether any of its cards grants NO_ABILITIES): most replays have none, and then
#: no view is read for it
_GRANTING: dict[int, tuple] = {}


def lost_abilities(engine, obj) -> bool:
    """Has ``obj`` lost its special abilities? By a one-off effect (flag NO_ABILITIES: 'elveszti különleges
    képességeit'), or by an always-on text that gives the cards it reaches the keyword NO_ABILITIES ('Az
    ellenfeled asztalán lévő lapok elvesztik különleges képességeiket': grant: [képességtelen]) -- read in
    the view being worked out (the core leaves out the modifiers of a card that view blanks: blanking.py,
    GameModule.view_blanking_keywords), or in the characteristics worked out for this state."""
    if NO_ABILITIES in obj.flags:
        return True
    pool = engine.pool
    got = _GRANTING.get(id(pool))
    if got is None or got[0] is not pool or got[2] != len(pool.versions):
        # (its text read once per pool: a card's abilities that name the keyword anywhere, a flag step's too)
        grants = any(NO_ABILITIES in repr(v.abilities) for versions in pool.versions.values() for v in versions.values())
        got = _GRANTING[id(pool)] = (pool, grants, len(pool.versions))
    if not got[1]:
        return False
    kws = engine.set_attr(obj, "keywords")
    if kws is NOT_COMPUTED:  # no view to read: the characteristics, unless they are being worked out from here
        mem = engine.memory("hk.abilities", {"busy": False})
        if mem["busy"]:
            return False
        mem["busy"] = True
        try:
            kws = engine.modified_attr(obj, "keywords")
        finally:
            mem["busy"] = False
    return NO_ABILITIES in (kws or ())


def keeps_type_rules(engine, obj) -> bool:
    """Does ``obj`` keep its card type's rules? A card whose special abilities are switched off
    (flag NO_ABILITIES) keeps them, because the type and its rules are not special abilities (8.0.1);
    with 8.0.1 off they go with the abilities. Traced only for a card that lost its abilities."""
    if not lost_abilities(engine, obj):
        return True
    if not engine.on("type_rules_not_abilities"):
        return False
    engine.fire("type_rules_not_abilities")
    return True


def is_enchantment(t: str) -> bool:
    return t == "bűbáj" or t.startswith("bűbáj ")


def enchant_host_type(t: str) -> str | None:
    """'bűbáj szörnyre' -> 'szörny', 'bűbáj avatárra' -> 'avatár'; a plain 'bűbáj' -> None. 8.5.5 speaks of
    every 'bűbáj valamire' ('valami' típusú célpont): the word after 'bűbáj' is a kind of card with the
    suffix -ra / -re ('onto'), whichever kind it names."""
    if not t.startswith("bűbáj "):
        return None
    word = t.split(" ", 1)[1].strip()
    stem = word[:-2] if word.endswith(("ra", "re")) else None
    return stem if stem in KINDS else None


def keywords_of(engine, obj) -> list:
    """A card's keywords and icons: in play, as continuous effects make them (a granted '# (KF)' icon:
    'A megbűvölt lény rendelkezik a # (KF) ikonnal'); elsewhere (or without an engine) the printed ones."""
    if engine is not None and obj.oid in engine.state.objects:
        return engine.modified_attr(obj, "keywords") or []  # = obj_attr: no adjust_attr of this game changes it
    return obj.card.keywords


def is_kf_item(obj, engine=None) -> bool:
    """A # (KF) item (8.7.1): an item with the # icon. With ``engine``, a card in play is read with its
    computed type and icons; without, or out of play, as printed (a card being played)."""
    return type_of(engine, obj) == "tárgy" and "kf" in keywords_of(engine, obj)


def is_attached_type(obj, engine=None) -> bool:
    """An attached card (8.11.0): level-up, body part, 'bűbáj valamire', # item; read as is_kf_item reads."""
    t = type_of(engine, obj)
    return t in ATTACH_TYPES or enchant_host_type(t) is not None or is_kf_item(obj, engine)


def type_of(engine, x) -> str:
    """A type name as given, or a card's type: in play, as continuous effects make it ('A megbűvölt lény
    típusa galetki' sets it), read from the characteristics; elsewhere (or without an engine) the printed
    one. What is_a and the hosts of attached cards read."""
    if isinstance(x, str):
        return x
    if engine is not None and hasattr(x, "card") and getattr(x, "oid", None) in engine.state.objects:
        # = obj_attr(x, "type"), without the game's adjust_attr (stats.py: which never changes a type), which
        # itself reads the type of every creature whose damage or hit points are read
        return engine.modified_attr(x, "type") or ""
    return getattr(getattr(x, "card", None), "type", "")


def is_a(engine, x, name: str) -> bool:
    """Does card (or type) ``x`` count as ``name``? 'lény' = creature, 'nem-lény' = any other card (8.1.0),
    'rátett lap' = attached card (8.11.0; of a type alone, a # item can't be told), 'varázslat' = spell (8.5.0,
    every enchantment kind by 8.5.6);
    'szörny' covers torzszülött (8.1.3); 'bűbáj' covers every enchantment (8.5.6). A card's type is its
    computed one (a type an effect sets counts)."""
    t = type_of(engine, x)
    if name == "lény":
        return t in CREATURES
    if name == "nem-lény":  # 8.1.0: every other card type together
        return bool(t) and t not in CREATURES
    if name == "rátett lap":  # 8.11.0: enchant-something cards, level-ups, body parts, # items
        return is_attached_type(x, engine) if hasattr(x, "card") else t in ATTACH_TYPES or enchant_host_type(t) is not None
    if name == "varázslat" and engine.on("spells_collective"):
        # 8.5.0 names the instant, general and 'bűbáj típusú' cards together varázslat; a 'bűbáj valamire'
        # is one of them only because 8.5.6 makes the 'bűbáj' a rule mentions every kind of enchantment.
        # Traced where a card counts as one (off, none does: nothing else names a card type varázslat)
        if t in SPELLS_ONE_SHOT or t == "bűbáj" or is_enchantment(t) and engine.applies("bubaj_means_all"):
            engine.fire("spells_collective")
            return True
        return False
    if name == "szörny" and t == "torzszülött":
        if engine.applies("torzszulott_is_szorny"):
            return True
        return False
    if name == "bűbáj" and is_enchantment(t) and t != "bűbáj":
        if engine.applies("bubaj_means_all"):
            return True
        return False
    return t == name


class ChosenType(str):
    """The card type a player chose (the text value: ``chosen == 'szörny'`` reads it), with the types he
    could choose from (``options``: 8.1.3.1 reads them). A text value, so that a modifier the same power
    creates keeps it like any chosen name ('a kör végéig minden ilyen típusú lényed', whiles.kept)."""

    def __new__(cls, pick: str, options) -> "ChosenType":
        self = super().__new__(cls, pick)
        self.options = tuple(options)
        return self

    def __reduce__(self):  # copied / pickled with its options
        return ChosenType, (str(self), self.options)


def choose_type(engine, st, b) -> bool:
    """{choose_type: [szörny, torzszülött, ...], as: chosen} -- a card asks for a card type."""
    options = list(st["choose_type"])
    pick = engine.decide(b["you"], "option", options, "a card type")
    engine.log("type_chosen", player=b["you"], type=pick)
    b[st.get("as", "chosen")] = ChosenType(pick, options)
    return True


def of_chosen(engine, obj, chosen) -> bool:
    """Is ``obj`` of the type chosen with choose_type? 8.1.3.1: if both szörny and torzszülött
    could be chosen, szörny means only szörny."""
    t = str(chosen)
    if t == "szörny" and "torzszülött" in chosen.options and engine.on("type_choice_exact"):
        engine.fire("type_choice_exact")
        return type_of(engine, obj) == "szörny"
    return is_a(engine, obj, t)


def register(game) -> None:
    game.steps["choose_type"] = choose_type
    game.functions.update({"is_a": is_a, "of_chosen": of_chosen})
