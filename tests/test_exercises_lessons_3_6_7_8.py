"""The exercise checks of lessons 3, 6, 7 and 8: each accepts its reference answer and rejects
typical wrong answers with the explanation a learner needs."""

import random
from fractions import Fraction

from cardlib import doudizhu, evidence, exact, growth, hand_methods, mixing, riffle
from cardlib.exercises import TODO
from cardlib.exercises import hands as EH
from cardlib.exercises import lab as EL
from cardlib.exercises import lists as ES
from cardlib.exercises import riffles as ER
from cardlib.shuffles import naive_swap_shuffle


def status(feedback):
    return feedback.status


def says(feedback, *words):
    text = str(feedback)
    return feedback.status == "wrong" and all(w in text for w in words)


# --- lesson 6: riffles -----------------------------------------------------------------

def coin_merge(stack1, stack2, rng):
    pile, i, j = [], 0, 0
    while i < len(stack1) and j < len(stack2):
        if rng.randrange(2):
            pile.append(stack1[i])
            i += 1
        else:
            pile.append(stack2[j])
            j += 1
    return pile + list(stack1[i:]) + list(stack2[j:])


def forgetful_merge(stack1, stack2, rng):
    return ER.reference_merge(stack1, stack2, rng)[:-1]


def backwards_merge(stack1, stack2, rng):
    return ER.reference_merge(list(stack1)[::-1], stack2, rng)


def random_module_merge(stack1, stack2, rng):
    return ER.reference_merge(stack1, stack2, random)


def test_merge_check():
    assert ER.check_merge(ER.reference_merge).ok
    assert ER.check_merge(riffle.merge).ok
    assert status(ER.check_merge(lambda a, b, rng: TODO)) == "todo"
    assert says(ER.check_merge(coin_merge), "not equally likely", "p / (p + q)", "section 3")
    assert says(ER.check_merge(forgetful_merge), "loses or repeats cards")
    assert says(ER.check_merge(backwards_merge), "order inside a stack")
    assert says(ER.check_merge(random_module_merge), "rng.randrange", "random.")


def test_the_notes_merge_gives_the_same_piles_as_cardlib_for_the_same_draws():
    for seed in range(300):
        deck = list(range(seed % 30))
        c = riffle.cut_size(len(deck), random.Random(seed))
        assert ER.reference_merge(deck[:c], deck[c:], random.Random(seed)) == \
            riffle.merge(deck[:c], deck[c:], random.Random(seed))


def test_top_stays_check_and_its_reference_against_enumeration():
    for n in range(1, 5):
        for k in range(3):
            def riffled(deck, rng=None, k=k):
                return riffle.riffles(deck, k, rng)
            law = exact.distribution(riffled, n)
            stays = sum(p for order, p in law.items() if order[-1] == n - 1)
            assert stays == ER.top_stays_on_top(n, k)
    assert ER.check_top_stays(ER.top_stays_on_top).ok
    assert status(ER.check_top_stays(lambda n, k: TODO)) == "todo"
    assert says(ER.check_top_stays(lambda n, k: Fraction(1, 2**k)), "top_stays(52, 1)", "digit")
    as_floats = ER.check_top_stays(lambda n, k: float(ER.top_stays_on_top(n, k)))
    assert as_floats.ok and "floats nearest to the exact values" in as_floats.message
    assert says(ER.check_top_stays(lambda n, k: round(float(ER.top_stays_on_top(n, k)), 3)),
                "rounded float")
    assert says(ER.check_top_stays(lambda n, k: Fraction(1, n)), "top_stays(52, 1)")


def test_value_checks_of_lesson_6():
    assert ER.check_reversed_chance(Fraction(7, 4096)).ok
    assert says(ER.check_reversed_chance(Fraction(1, 120)), "rising sequences")
    assert ER.check_reversed_chance(7 / 4096).ok  # this float is 7/4096 exactly
    assert says(ER.check_reversed_chance(0.0017), "rounded float", "exactly")
    assert says(ER.check_reversed_chance(Fraction(1, 8**5)), "C(2^k + n - r, n)")
    k_half = ER.riffles_needed(108, Fraction(1, 2))
    k_tenth = ER.riffles_needed(108, Fraction(1, 10))
    assert riffle.variation_distance(108, k_half) < Fraction(1, 2) <= \
        riffle.variation_distance(108, k_half - 1)
    assert ER.check_riffles_needed((k_half, k_tenth)).ok
    assert says(ER.check_riffles_needed((7, 7)), "variation_distance(108, k)")
    assert says(ER.check_riffles_needed((k_half,)), "give 2 values")
    assert says(ER.check_riffles_needed((k_tenth, k_half)), "not right")


# --- lesson 3: lists ------------------------------------------------------------------------

def test_checks_of_lesson_3():
    def fill(deck, rng):
        pile, new_pile = list(deck), []
        while pile:
            i = rng.randrange(len(pile))
            new_pile.append(pile[i])
            pile[i] = pile[-1]
            pile.pop()
        return new_pile

    assert ES.check_fill_the_hole(fill).ok
    assert says(ES.check_fill_the_hole(lambda deck, rng: riffle.riffle(deck, rng)), "unfair")
    assert status(ES.check_fill_the_hole(lambda deck, rng: TODO)) == "todo"
    assert ES.check_old_rule(lambda n: n + (n >> 3) + (3 if n < 9 else 6)).ok
    assert says(ES.check_old_rule(lambda n: growth.new_capacity(n)), "3.9 and later")
    assert says(ES.check_old_rule(lambda n: n + (n >> 3) + 6), "short ones too much")
    assert says(ES.check_old_rule(lambda n: n + (n >> 3) + 3), "longer ones too little")
    assert status(ES.check_old_rule(lambda n: TODO)) == "todo"
    resizes = ES.resizes_by_rule(ES.MILLION)
    assert len(growth.growth_events([growth.EMPTY_LIST_BYTES + 8 * c
                                     for c in growth.rule_capacities(10_000)])) == \
        ES.resizes_by_rule(10_000)
    assert ES.check_resizes(resizes).ok
    assert says(ES.check_resizes(ES.MILLION), "free slot")
    assert says(ES.check_resizes(20), "not right") and says(ES.check_resizes(resizes + 1), "right")
    assert ES.check_half_bound(Fraction(3)).ok
    assert says(ES.check_half_bound(9), "an eighth") and says(ES.check_half_bound(4), "not right")
    for check in (ES.check_fill_the_hole, ES.check_old_rule, ES.check_resizes,
                  ES.check_half_bound):  # each points to the section that holds its exercise
        feedback = check(41) if check in (ES.check_resizes, ES.check_half_bound) else \
            check(lambda *args: [])
        assert feedback.where == {ES.check_fill_the_hole: "section 1",
                                  ES.check_old_rule: "section 3"}.get(check, "section 4")


# --- lesson 7: the lab ----------------------------------------------------------------------

def test_checks_of_lesson_7():
    found = evidence.decks_to_reject(naive_swap_shuffle, 4, seeds=range(10))
    enough = Fraction(sum(t is not None and t <= 1000 for t in found), 10)
    assert EL.check_enough_decks(enough, found).ok
    nearest = EL.check_enough_decks(float(enough), found)  # the nearest float: right, and said
    assert nearest.ok and "nearest to the exact value" in nearest.message
    assert says(EL.check_enough_decks(enough + Fraction(1, 10), found), "divide by 10")
    assert says(EL.check_enough_decks(Fraction(1, 2) if enough != Fraction(1, 2) else 0, found),
                "not right")
    order, ratio = EL.comparator_favourite()
    assert EL.check_comparator_favourite(order, ratio).ok
    assert says(EL.check_comparator_favourite((4, 3, 2, 1, 0), ratio), "likeliest order has")
    assert EL.check_comparator_favourite(order, float(ratio)).ok  # 11.25 is 45/4 exactly
    assert says(EL.check_comparator_favourite(order, 11.3), "rounded float")
    assert says(EL.check_comparator_favourite(order, ratio / 120), "multiply its chance by 120")
    assert status(EL.check_comparator_favourite(TODO, TODO)) == "todo"
    both = mixing.compose(exact.distribution(riffle.riffle, 4),
                          exact.distribution(__import__("cardlib").hand.overhand_shuffle, 4))
    assert both == exact.distribution(EL.riffle_then_overhand, 4)  # compose = one after the other
    answer = mixing.distance_to_uniform(mixing.compose(
        exact.exact_law(riffle.riffle, 5), exact.exact_law(EL.hand.overhand_shuffle, 5)))
    assert EL.check_riffle_then_overhand(answer).ok
    assert EL.check_riffle_then_overhand(float(answer)).ok  # the nearest float: right, said so
    assert says(EL.check_riffle_then_overhand(0.326), "rounded float")
    assert says(EL.check_riffle_then_overhand(riffle.variation_distance(5, 1)), "mixing.compose")
    assert says(EL.check_riffle_then_overhand(Fraction(0)), "not right")


# --- lesson 8: hands and Dou Di Zhu -----------------------------------------------------------

def test_checks_of_lesson_8():
    assert EH.check_elmsley(["in", "out", "in", "out"]).ok
    assert says(EH.check_elmsley(["out", "in", "out", "in"]), "1010")
    assert says(EH.check_elmsley(["in", "out"]), "leaves 2 cards above it")
    assert says(EH.check_elmsley("in out"), "list of 'in' and 'out'")
    assert EH.check_top_to_random(hand_methods.top_to_random).ok

    def never_on_top(deck, rng):
        cards = list(deck)
        top = cards.pop()
        cards.insert(rng.randrange(len(cards)), top)
        return cards

    def bottom_card(deck, rng):
        cards = list(deck)
        cards.insert(rng.randrange(len(cards)), cards.pop(0))
        return cards

    def loses(deck, rng):
        cards = list(deck)
        cards.pop()
        return cards

    assert says(EH.check_top_to_random(never_on_top), "back on top included")
    assert says(EH.check_top_to_random(bottom_card), "the last item")
    assert says(EH.check_top_to_random(loses), "not a shuffle", "loses card")
    assert status(EH.check_top_to_random(lambda deck, rng: TODO)) == "todo"
    mean = hand_methods.top_to_random_mean_time(52)
    assert EH.check_mean_time(mean).ok
    assert says(EH.check_mean_time(Fraction(52 * 52)), "52/(i + 1)")
    assert says(EH.check_mean_time(mean - 1), "plus 1")
    nearest = EH.check_mean_time(float(mean))
    assert nearest.ok and "float nearest to the exact value" in nearest.message
    assert says(EH.check_mean_time(236.0), "rounded float", "Fraction")
    assert EH.check_deal(doudizhu.deal_round_robin).ok
    assert says(EH.check_deal(lambda d: ([d[p:51:3] for p in range(3)], d[51:])), "[51, 50, 49]"
                ) or says(EH.check_deal(lambda d: ([d[p:51:3] for p in range(3)], d[51:])),
                          "the top card is the last item")
    assert says(EH.check_deal(lambda d: ([d[::-1][17 * p:17 * p + 17] for p in range(3)],
                                         d[::-1][51:])), "one card each in turn")
    assert says(EH.check_deal(lambda d: [d[0:17], d[17:34], d[34:51]]), "return a pair")
    assert says(EH.check_deal(lambda d: (doudizhu.deal_round_robin(d, cards_each=16))),
                "three hands of 17")
    assert EH.check_rocket(Fraction(17 * 16, 54 * 53)).ok
    assert says(EH.check_rocket(Fraction(1, 3)), "C(52, 15)")
    assert says(EH.check_rocket(0.095), "float")
    assert says(EH.check_rocket(Fraction(1, 54 * 53)), "not right")


def test_fair_insertion_check_uses_the_judge():
    assert EH.check_fair_insertion(EH.reference_insertion_shuffle).ok

    def never_stays(deck, rng):   # among the i places below: Sattolo-like, never in place
        cards = list(deck)
        for i in range(1, len(cards)):
            cards.insert(rng.randrange(i), cards.pop(i))
        return cards

    def anywhere(deck, rng):      # at any of the n places: the naive way
        cards = list(deck)
        for i in range(1, len(cards)):
            cards.insert(rng.randrange(len(cards)), cards.pop(i))
        return cards

    def loses_a_card(deck, rng):
        return EH.reference_insertion_shuffle(deck, rng)[1:]

    assert says(EH.check_fair_insertion(never_stays), "unfair", "rng.randrange(i + 1)")
    assert says(EH.check_fair_insertion(anywhere), "unfair", "Most likely")
    assert says(EH.check_fair_insertion(loses_a_card), "not a shuffle")
    assert status(EH.check_fair_insertion(lambda deck, rng: TODO)) == "todo"
