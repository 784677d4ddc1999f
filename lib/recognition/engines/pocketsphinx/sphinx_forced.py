# Forced readings for sphinx-server.py's Worker: a known word sequence aligned phone by phone
# (op_phones: pronunciation analysis) and alternative readings of the same audio compared
# (op_compare: reading aloud's verification). Uses the Worker's pronounce(), variants(), grammar()
# and answer().
import base64
import os
import re

from sphinx_decoder import PAUSE, PHONES, dither, trim
from sphinx_grammar import FILLER, item_spans, loop_over
from sphinx_lexicon import Refused

# Whether forced readings (op_compare) may take CMUdict's alternate pronunciations too.
COMPARE_VARIANTS = os.environ.get("SPHINX_COMPARE_VARIANTS", "0") == "1"


class ForcedOps:
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
