# Repetitions, insertions and omissions between the words of a reading already heard
# (sphinx-server.py op_gaps): the heard words forced in order (a grammar, no skipping: the search
# cannot lose its place), and after each one, at a cost, the same word again or a run of free
# phones (gb_*, so it is told from a heard "/.../" item); a text word heard as omitted is an
# optional item, taken at a cost. The costs are log10 probabilities of those transitions (the
# search weighs them by its language weight); reading-gaps.ts passes the ones fitted on the
# judging bench.
import base64
import os
import re
import tempfile

from pocketsphinx import FsgModel

from sphinx_decoder import PHONES, dither, trim
from sphinx_reading import SENTINELS, add_words

# A cost at or below this turns its transition off (pocketsphinx refuses far smaller probabilities).
OFF = -20


def search_gaps(req, reader, variants):
    """op_gaps' extras, one list per cost: reader() is the search's decoder (made on first use),
    variants(word, given) the word's pronunciations."""
    items = [gap_item(i) for i in req["items"]]
    items = [i for i in items if i and not (isinstance(i, tuple) and not i[1])]
    given = req.get("prons") or {}
    words = [w for i in items for w in gap_words(i)]
    raw, first, silent = trim(base64.b64decode(req["audio"]))
    if silent or not items or any(p not in PHONES for i in items for p in gap_phones(i)):
        return [[] for _ in req["costs"]]
    raw = dither(raw)
    gapper = reader()
    add_words(gapper, words, {w: [re.sub(r"\d", "", p) for p in variants(w, given.get(w))] for w in words})
    add_garbage_words(gapper, PHONES)
    out = []
    for costs in req["costs"]:
        fd, path = tempfile.mkstemp(suffix=".fsg", prefix="sphinx-gaps-")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(gaps_fsg(items, costs, PHONES))
            fsg = FsgModel(path, gapper.get_logmath(), float(gapper.get_config().get_float("-lw")))
        finally:
            os.unlink(path)
        gapper.set_fsg("gaps", fsg)
        gapper.set_search("gaps")
        gapper.start_stream()  # fresh noise statistics, as in sphinx-server.py decode()
        gapper.start_utt()
        gapper.process_raw(raw, False, True)
        gapper.end_utt()
        segs = list(gapper.seg()) if gapper.hyp() else []
        out.append(gap_extras(items, segs, first) if segs else [])
    return out


def gap_item(text):
    """An item of op_gaps as gaps_fsg takes it: "word", "/p h o n e s/", "?word" (heard as omitted:
    may be said), "+word" or "+/p h o n e s/" (an extra word heard: may be left out), or
    "heard|written" (heard in place of the written word)."""
    if "|" in text:
        heard, written = text.split("|", 1)
        return {"heard": gap_item(heard), "written": gap_item(written)}
    if text.startswith("/"):
        return text.strip("/").upper().split()
    if text.startswith(("?", "+")):
        return (text[0], gap_item(text[1:]))
    return text.replace("’", "'").lower()


def gap_words(item):
    """The dictionary words of an op_gaps item."""
    if isinstance(item, dict):
        return gap_words(item["heard"]) + gap_words(item["written"])
    return [item] if isinstance(item, str) else gap_words(item[1]) if isinstance(item, tuple) else []


def gap_phones(item):
    """The phones spelled out in an op_gaps item."""
    if isinstance(item, (dict, tuple)):
        return gap_phones(item["heard"] if isinstance(item, dict) else item[1])
    return item if isinstance(item, list) else []


def gaps_fsg(items, costs, phones):
    """A finite-state grammar (pocketsphinx's text format) of the items in order: a word of the
    dictionary, a list of phones said in its place, ("?", word), a word that may be left out,
    ("+", word or phones), an extra item heard that may be left out, or
    {"heard": word or phones, "written": word}, heard in place of the written word, which may be
    said instead; each followed by an optional repetition of itself (a word only) or an optional
    run of free phones. costs: log10 probabilities of repeating a word, of starting a run, of each
    phone of the run; and log10 odds of saying an optional word (rather than not), of the written
    word instead of the heard one, and of keeping an extra item heard (OFF or less: never; -OFF or
    more: always)."""
    repeat, insert, phone, restore, correct, keep = (*costs, *[0] * (6 - len(costs)))[:6]
    trans = []
    state = 0

    def new():
        nonlocal state
        state += 1
        return state

    at = 0
    for item in items:
        if isinstance(item, tuple):
            odds = restore if item[0] == "?" else keep
            end = new()
            if odds > OFF and isinstance(item[1], str):
                trans.append((at, end, 10 ** min(0, odds), item[1]))
            elif odds > OFF:
                cur = at
                for i, p in enumerate(item[1]):
                    nxt = end if i == len(item[1]) - 1 else new()
                    trans.append((cur, nxt, 10 ** min(0, odds) if i == 0 else 1.0, "ph_" + p.lower()))
                    cur = nxt
            if -odds > OFF:
                trans.append((at, end, 10 ** min(0, -odds), None))
            at = end
            continue
        written = None
        if isinstance(item, dict):
            written, item = item["written"], item["heard"]
        # The heard item costs what the written word instead would gain beyond even odds.
        heard = 10 ** min(0, -correct) if written is not None and correct > OFF else 1.0
        if isinstance(item, str):
            end = new()
            trans.append((at, end, heard, item))
        else:
            cur = at
            for i, p in enumerate(item):
                nxt = new()
                trans.append((cur, nxt, heard if i == 0 else 1.0, "ph_" + p.lower()))
                cur = nxt
            end = cur
        if written is not None and correct > OFF:
            trans.append((at, end, 10 ** min(0, correct), written))
        after = new()
        trans.append((end, after, 1.0, None))
        if isinstance(item, str):
            trans.append((end, after, 10 ** repeat, item))
        run = new()
        for p in phones:
            trans.append((end, run, 10 ** (insert + phone) / len(phones), "gb_" + p.lower()))
            trans.append((run, run, 10 ** phone / len(phones), "gb_" + p.lower()))
        trans.append((run, after, 1.0, None))
        at = after
    lines = ["FSG_BEGIN gaps", f"NUM_STATES {state + 1}", "START_STATE 0", f"FINAL_STATE {at}"]
    lines += [f"TRANSITION {a} {b} {p:.6g}" + (f" {w}" if w else "") for a, b, p, w in trans]
    return "\n".join([*lines, "FSG_END", ""])


def first_word(item):
    """The first dictionary word a gaps_fsg item's path takes: the word, or its first phone's."""
    return item if isinstance(item, str) else "ph_" + item[0].lower()


def add_garbage_words(reader, phones):
    """The free phones of gaps_fsg's runs, once per reader."""
    if not reader.lookup_word("gb_" + phones[0].lower()):
        for i, p in enumerate(phones):
            reader.add_word("gb_" + p.lower(), p, i == len(phones) - 1)


def gap_extras(items, segs, frames_offset):
    """What a gaps_fsg path added: [{after: item index, word, start, end}], a repeated word as
    itself, a run of free phones spelled "/p h o n e s/"; and an optional item said, or a written
    word said instead of the heard one, as {item: its index, word, start, end}."""
    out = []
    k = -1  # the item the path is in or after
    inside = 0  # phones of a "/.../" item still to come
    for seg in segs:
        if seg.word in SENTINELS or seg.word.startswith(("<", "[", "(")):
            continue  # pauses, fillers and the grammar's empty transitions
        word = seg.word.split("(")[0]
        start, end = seg.start_frame + frames_offset, seg.end_frame + frames_offset
        if word.startswith("gb_"):
            last = out[-1] if out and out[-1].get("after") == k and out[-1]["phones"] is not None else None
            if last:
                last["phones"].append(word[3:])
                last["end"] = end
            else:
                out.append({"after": k, "word": None, "phones": [word[3:]], "start": start, "end": end})
            continue
        if inside:
            inside -= 1
            continue
        nxt = k + 1
        while nxt < len(items) and isinstance(items[nxt], tuple) and word != first_word(items[nxt][1]):
            nxt += 1  # an optional item left out
        item = items[nxt] if nxt < len(items) else None
        if isinstance(item, tuple) and isinstance(item[1], list):
            k = nxt
            inside = len(item[1]) - 1
            out.append({"item": k, "word": "/" + " ".join(item[1]).lower() + "/", "phones": None, "start": start,
                        "end": end})
            continue
        if isinstance(item, dict) and word == item["written"]:
            k = nxt
            out.append({"item": k, "word": word, "phones": None, "start": start, "end": end})
            continue
        if isinstance(item, dict):
            item = item["heard"]
        if isinstance(item, tuple):
            k = nxt
            out.append({"item": k, "word": word, "phones": None, "start": start, "end": end})
        elif isinstance(item, list) and word == "ph_" + item[0].lower():
            k = nxt
            inside = len(item) - 1
        elif isinstance(item, str) and word == item:
            k = nxt
        elif k >= 0 and word == (items[k]["heard"] if isinstance(items[k], dict) else items[k]):
            out.append({"after": k, "word": word, "phones": None, "start": start, "end": end})
        else:
            k = nxt  # not expected: keep counting items
    for item in out:
        phones = item.pop("phones")
        if phones is not None:
            item["word"] = "/" + " ".join(phones).lower() + "/"
    return out
