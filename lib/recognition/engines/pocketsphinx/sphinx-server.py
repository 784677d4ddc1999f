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

from sphinx_decoder import MODEL, PHONES, dither, make_decoder, trim
from sphinx_forced import ForcedOps
from sphinx_gaps import search_gaps
from sphinx_grammar import FILLER, jsgf, match
from sphinx_lexicon import Refused, espeak_phones
from sphinx_reading import heard_words, make_reader, set_reading_lm
from sphinx_scores import ScoredAnswer

WORD = re.compile(r"^[\w'-]+$")
# Whether reading aloud hears CMUdict's alternate pronunciations of the text's words too.
READ_VARIANTS = os.environ.get("SPHINX_READ_VARIANTS", "0") == "1"


class Worker(ForcedOps):
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
        (PocketsphinxEngine.fits() asks for one). Only over recorded scores, where they cost ~3 ms
        each; decoding the audio once per choice would cost a whole search each, so without recorded
        scores there are none and fits() searches the one choice it asks about."""
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
            with_alone = bool(req.get("alone")) and answer.shared
            for choice in choices if with_alone else []:
                self.grammar("alone", [choice])
                alone.append(choice_path(*answer.decode("alone"), [choice]))
            scores = "recorded" if answer.shared else "decoded"
        return {**found, "loop": [[p, a, b, sc] for p, a, b, sc in loop], "scores": scores,
                **({"alone": alone} if with_alone else {})}

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
