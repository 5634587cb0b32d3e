"""Nothing is lost: every shuffle returns a permutation of any input."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import cards
from cardlib.shuffles import (
    brute_force_shuffle,
    comparator_sort_shuffle,
    deal,
    draw,
    knuth_shuffle,
    naive_swap_shuffle,
    pick_and_remove,
    retry_shuffle,
    retry_shuffle_counted,
    sattolo_shuffle,
    stride_shuffle,
)

IN_PLACE = [knuth_shuffle, naive_swap_shuffle, sattolo_shuffle]
NEW_LIST = [pick_and_remove, retry_shuffle, stride_shuffle, comparator_sort_shuffle]


class Opaque:
    """An object with no order and identity equality: shuffles must not compare items."""


items = st.one_of(st.integers(), st.text(max_size=3), st.none(), st.builds(Opaque))
decks = st.lists(items, max_size=40)
seeds = st.integers(min_value=0, max_value=2**32)


def multiset(xs):
    return Counter(map(id, xs))


@given(decks, seeds)
def test_in_place_shuffles_permute(deck, seed):
    for shuffle in IN_PLACE:
        copy = list(deck)
        assert shuffle(copy, rng=random.Random(seed)) is None
        assert multiset(copy) == multiset(deck)


@given(decks, seeds)
def test_new_list_shuffles_permute_and_leave_input_alone(deck, seed):
    for shuffle in NEW_LIST:
        before = list(deck)
        result = shuffle(deck, rng=seed)
        assert deck == before and all(a is b for a, b in zip(deck, before))
        assert multiset(result) == multiset(deck)


@settings(deadline=None)  # it lists all 7! orders: 0.3 s on a loaded machine is no bug
@given(st.lists(items, max_size=7), seeds)
def test_brute_force_permutes(deck, seed):
    assert multiset(brute_force_shuffle(deck, rng=seed)) == multiset(deck)


@given(st.lists(st.integers(0, 3), max_size=30), seeds)
def test_duplicates_survive(deck, seed):
    copy = list(deck)
    knuth_shuffle(copy, rng=seed)
    assert Counter(copy) == Counter(deck)
    assert Counter(pick_and_remove(deck, rng=seed)) == Counter(deck)


@given(st.integers(0, 60), seeds)
def test_retry_counts_at_least_n_draws(n, seed):
    shuffled, draws = retry_shuffle_counted(range(n), rng=seed)
    assert sorted(shuffled) == list(range(n))
    assert draws >= n


@given(st.lists(items, max_size=30), st.data())
def test_draw_splits_the_deck(deck, data):
    k = data.draw(st.integers(0, len(deck)))
    drawn, rest = draw(deck, k, rng=data.draw(seeds))
    assert len(drawn) == k
    assert multiset(drawn + rest) == multiset(deck)


@given(st.integers(1, 6), st.integers(0, 9), seeds)
def test_deal_hands_out_every_card_once(players, each, seed):
    deck = cards.dou_di_zhu_deck()
    if players * each > len(deck):
        return
    hands, rest = deal(deck, players, each, rng=seed)
    assert [len(hand) for hand in hands] == [each] * players
    assert Counter(sum(hands, []) + rest) == Counter(deck)


def test_seeded_rng_reproduces():
    a, b = list(range(52)), list(range(52))
    knuth_shuffle(a, rng=2026)
    knuth_shuffle(b, rng=random.Random(2026))
    assert a == b and a != list(range(52))


def test_decks_are_distinct_cards():
    for make, size in [(cards.standard_deck, 52), (cards.dou_di_zhu_deck, 54),
                       (cards.comp9021_deck, 56)]:
        deck = make()
        assert len(deck) == len(set(deck)) == size
    glyphs = {card.glyph for card in cards.comp9021_deck()}
    assert len(glyphs) == 56 and all(0x1F0A1 <= ord(g) <= 0x1F0DE for g in glyphs)
