#!/usr/bin/python3
# Long-lived CMU Sphinx worker for the Node engine (pocketsphinx-engine.ts): one model load, then
# JSON lines on stdin -> JSON lines on stdout. Each request is {"id", "op", ...}; each answer is
# {"id", "ok": true, "result"} or {"id", "ok": false, "error"}. Audio is base64 of 16-bit
# little-endian mono PCM at 16 kHz. Run with Debian's /usr/bin/python3 (python3-pocketsphinx).
import base64
import json
import os
import re
import sys

from sphinx_decoder import MODEL, PAUSE, PHONES, dither, make_decoder, trim
from sphinx_gaps import search_gaps
from sphinx_grammar import FILLER, item_spans, jsgf, loop_over, match
from sphinx_lexicon import Refused, espeak_phones
from sphinx_reading import heard_words, make_reader, set_reading_lm
from sphinx_scores import ScoredAnswer

WORD = re.compile(r"^[\w'-]+$")
# Whether reading aloud hears CMUdict's alternate pronunciations of the text's words too.
READ_VARIANTS = os.environ.get("SPHINX_READ_VARIANTS", "0") == "1"
# Whether forced readings (op_compare) may take CMUdict's alternate pronunciations too.
COMPARE_VARIANTS = os.environ.get("SPHINX_COMPARE_VARIANTS", "0") == "1"


class Worker:
    def __init__(self):
        self.decoder = make_decoder()
        # Searches the senone scores self.decoder recorded (sphinx_scores.py); same words and grammars.
        self.searcher = make_decoder()
        self.reader = None  # made on the first reading request
        # The gap search's own: the alternate pronunciations it adds must not reach the reading search.
        self.gapper = None

    def pronounce(self, word, given=None):
        """The word's phones and where they came from; adds the word to the dictionary."""
        if not WORD.match(word):
            raise Refused(f'"{word}" cannot be a grammar word')
        known = self.decoder.lookup_word(word)
        if known:
            return known, "dictionary"
        parts = [self.decoder.lookup_word(p) for p in word.split("-") if p] if "-" in word else []
        if parts and all(parts):
            phones, source = " ".join(parts), "dictionary"
        elif given:
            phones, source = given, "given"
        else:
            phones, source = espeak_phones(word), "espeak-ng"
        if any(p not in PHONES for p in phones.split()):
            raise Refused(f'"{word}" has phones the model does not know: {phones}')
        for d in (self.decoder, self.searcher):
            d.add_word(word, phones, True)
        return phones, source

    def variants(self, word, given=None):
        """The word's phones (pronounce()), then CMUdict's alternates for it (word(2), word(3), ...):
        "to" is T UW, T IH and T AH, and a reader says any of them."""
        out = [self.pronounce(word, given)[0]]
        if given:
            return out
        for k in range(2, 10):
            alt = self.decoder.lookup_word(f"{word}({k})")
            if not alt:
                break
            out.append(alt)
        return out

    def answer(self, raw, offset=0, share=True):
        """The audio for several searches, its senone scores computed once (sphinx_scores.py)."""
        return ScoredAnswer(self.decoder, self.searcher, raw, offset, share)

    def grammar(self, name, sequences):
        for d in (self.decoder, self.searcher):
            d.set_jsgf_string(name, jsgf(name, sequences))

    def op_ping(self, req):
        return {"pong": True, "model": MODEL}

    def op_lexicon(self, req):
        """Every word's phones and their source, why the others have none, and the choices' grammar."""
        prons, missing = {}, {}
        for word in req["words"]:
            try:
                phones, source = self.pronounce(word.replace("’", "'"))
                prons[word] = {"phones": phones, "source": source}
            except Refused as error:
                missing[word] = str(error)
        return {"prons": prons, "missing": missing, "jsgf": jsgf("choice", req.get("choices") or [])}

    def op_choice(self, req):
        """The choices' grammar's best path through the answer (the choice, its words' frames and
        scores) and a free phone loop's path through the same frames: what any speech scores there.
        choice-llr.ts weighs the two. "scores" says whether the later searches read the first's
        recorded senone scores; "shareScores": false makes each decode the audio (tests compare).
        "alone": also each choice's own path, as a grammar of that choice alone would find it
        (PocketsphinxEngine.fits() asks for one; over recorded scores they cost ~3 ms each)."""
        choices = [[w.replace("’", "'") for w in c] for c in req["choices"]]
        given = req.get("prons") or {}
        for word in sorted({w for c in choices for w in c}):
            self.pronounce(word, given.get(word))
        self.grammar("choice", choices)
        alone = []
        # Already cut to its speech by trim-answer.ts, and never silent.
        with self.answer(base64.b64decode(req["audio"]), share=req.get("shareScores", True)) as answer:
            _, loop = answer.decode("loop")
            found = choice_path(*answer.decode("choice"), choices)
            for choice in choices if req.get("alone") else []:
                self.grammar("alone", [choice])
                alone.append(choice_path(*answer.decode("alone"), [choice]))
            scores = "recorded" if answer.shared else "decoded"
        return {**found, "loop": [[p, a, b, sc] for p, a, b, sc in loop], "scores": scores,
                **({"alone": alone} if req.get("alone") else {})}

    def op_phones(self, req):
        """Phones of a known word sequence with frames and scores, and the free phone loop's path."""
        words = [w.replace("’", "'") for w in req["words"]]
        given = req.get("prons") or {}
        prons = [re.sub(r"\d", "", given.get(w) or self.pronounce(w)[0]).split() for w in words]
        if any(p not in PHONES for pron in prons for p in pron):
            raise Refused(f"unknown phones in {prons}; the model has {' '.join(PHONES)}")
        raw, first, silent = trim(base64.b64decode(req["audio"]))
        if silent:
            raise Refused(silent)
        raw = dither(raw)
        # One dictionary word per phone, so the grammar's segments are phones.
        # A pause may come before, between and after the words, and costs nothing there (an
        # optional grammar word); within a word only the decoder's own silence, at its penalty, so
        # a word-initial stop no longer takes the pause before it as its closure.
        sequence = ["[ph_sil]"]
        for pron in prons:
            sequence += ["ph_" + p.lower() for p in pron] + ["[ph_sil]"]
        self.grammar("align", [sequence])
        with self.answer(raw, first) as answer:
            hyp, segs = answer.decode("align")
            if hyp is None:
                raise Refused("the audio could not be aligned with the words")
            _, loop = answer.decode("loop")
        phones = iter(s for s in segs if s[0].startswith("ph_") and s[0] != PAUSE)
        out = []
        for word, pron in zip(words, prons):
            items = []
            for phone, start, end, score in (next(phones) for _ in pron):
                free = loop_over(loop, start, end)
                items.append({"phone": phone[3:].upper(), "start": start, "end": end, "score": score,
                              "loop": free, "gop": (score - free) / (end - start + 1)})
            out.append({"word": word, "phones": items})
        return {"frameMs": 10, "words": out, "silences": [s[1:3] for s in segs if s[0] == PAUSE or FILLER.match(s[0])],
                "loop": [{"phone": s[0], "start": s[1], "end": s[2], "score": s[3]} for s in loop]}

    def op_compare(self, req):
        """Readings of the same audio compared: each alternative (words, or "/p h o n e s/" runs) forced
        through the (trimmed) audio, with its acoustic score in nats and its words' frames. The
        scores of alternatives share their frames, so they compare directly (verify-reading.ts)."""
        given = req.get("prons") or {}
        raw, first, silent = trim(base64.b64decode(req["audio"]))
        if silent:
            return {"frames": 0, "alternatives": [None for _ in req["alternatives"]]}
        raw = dither(raw)
        out = []
        with self.answer(raw, first) as answer:
            for alternative in req["alternatives"]:
                prons = self.item_prons(alternative, given)
                if prons is None:
                    out.append(None)
                    continue
                sequence = ["[ph_sil]"]
                for alts in prons:
                    if len(alts) == 1:
                        sequence += ["ph_" + p.lower() for p in alts[0]]
                    else:
                        sequence.append("(" + " | ".join(" ".join("ph_" + p.lower() for p in pron) for pron in alts) + ")")
                    sequence.append("[ph_sil]")
                self.grammar("compare", [sequence])
                hyp, segs = answer.decode("compare")
                spans = hyp and item_spans(prons, [s for s in segs if s[0].startswith("ph_") and s[0] != PAUSE])
                out.append({"score": sum(s[3] for s in segs), "words": spans,
                            "segments": [[a, b, round(sc, 2)] for _, a, b, sc in segs]} if spans else None)
            # The free phone loop over the same frames: what any speech scores there, so a reading's
            # fit over part of the audio can be measured against it (stretch-loop.ts).
            _, loop = answer.decode("loop")
        return {"frames": len(raw) // 320, "alternatives": out, "loop": [[p, a, b, round(sc, 2)] for p, a, b, sc in loop]}

    def item_prons(self, items, given):
        """Per item of a forced reading (a word, or a "/p h o n e s/" run), its pronunciations; None
        when one has phones the model lacks."""
        prons = []
        for item in items:
            if item.startswith("/"):
                prons.append([item.strip("/").upper().split()])
                continue
            word = item.replace("’", "'").lower()
            if given.get(word) or not COMPARE_VARIANTS:
                own = [given.get(word) or self.pronounce(word)[0]]
            else:
                own = self.variants(word)
            prons.append([re.sub(r"\d", "", p).split() for p in own])
        if not prons or any(p not in PHONES for alts in prons for pron in alts for p in pron):
            return None
        return prons

    def op_words(self, req):
        """The words heard when the expected text is read aloud (sphinx_reading.py), frames from the start."""
        words = [w.replace("’", "'").lower() for w in req["expected"]]
        given = req.get("prons") or {}
        own = self.variants if READ_VARIANTS else lambda w, g: [self.pronounce(w, g)[0]]
        prons = {w: [re.sub(r"\d", "", p) for p in own(w, given.get(w))] for w in set(words)}
        raw, first, silent = trim(base64.b64decode(req["audio"]))
        if silent:
            return {"frameMs": 10, "words": [], "reason": silent}
        raw = dither(raw)
        self.reader = self.reader or make_reader(MODEL, PHONES)
        set_reading_lm(self.reader, words, prons, PHONES)
        self.reader.set_search("read")
        self.reader.start_stream()  # fresh noise statistics, as in decode()
        self.reader.start_utt()
        self.reader.process_raw(raw, False, True)
        self.reader.end_utt()
        segs = self.reader.seg() if self.reader.hyp() else []
        return {"frameMs": 10, "words": heard_words(self.reader, segs, first)}

    def op_gaps(self, req):
        """Repetitions, insertions and omissions between the heard words of a reading (sphinx_gaps.py
        gaps_fsg): items are as gap_item() reads them; costs, a list of gaps_fsg's costs, one search
        each (its own decoder: the alternate pronunciations it adds stay out of the reading search);
        answers, per cost, what the path added, which optional items it said and which written words
        it heard instead."""
        def gapper():
            self.gapper = self.gapper or make_reader(MODEL, PHONES)
            return self.gapper

        return {"extras": search_gaps(req, gapper, self.variants)}


def choice_path(hyp, segs, choices):
    """The choice a grammar's path spells and its segments (word, frames, nats, filler), or why none."""
    best = match(hyp, [" ".join(c) for c in choices])
    if best is None:
        return {"index": None, "reason": "no path through the grammar"}
    return {"index": best, "segments": [[re.sub(r"\(\d+\)$", "", w), a, b, sc, bool(FILLER.match(w))]
                                        for w, a, b, sc in segs]}


def main():
    # C libraries may print to stdout; keep the protocol on its own descriptor.
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    worker = Worker()
    for line in sys.stdin.buffer:
        rid = None
        try:
            req = json.loads(line)
            rid = req.get("id")
            handler = getattr(worker, "op_" + str(req.get("op")), None)
            if handler is None:
                raise Refused(f"unknown op {req.get('op')!r}")
            answer = {"id": rid, "ok": True, "result": handler(req)}
        except Exception as error:  # noqa: BLE001 -- one bad request must not end the worker
            text = str(error) if isinstance(error, Refused) else f"{type(error).__name__}: {error}"
            answer = {"id": rid, "ok": False, "error": text}
        out.write(json.dumps(answer) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
