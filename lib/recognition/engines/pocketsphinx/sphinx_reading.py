# Reading aloud for sphinx-server.py: which words were read, with a bigram language model built
# from the expected text. Each text word most likely follows the one before it, but the model
# leaves room to skip a word, repeat one, go back, or say something else; "something else" is a
# loop of single phones (the dictionary's ph_* words), so a substituted or inserted word is heard
# as the sounds it was rather than forced onto a text word.
import math
import os
import tempfile

from pocketsphinx import Decoder


def _tuned(name, value):
    """A constant, or its override from the environment (SPHINX_READ_<NAME>), for tuning with the
    judging bench without editing this file."""
    return float(os.environ.get("SPHINX_READ_" + name, value))


# Where a text word goes next (shares of its bigram mass); the rest backs off to the unigrams.
NEXT, SKIP, REPEAT, BACK, END = (_tuned(n, v) for n, v in (("NEXT", 0.70), ("SKIP", 0.06), ("REPEAT", 0.04),
                                                           ("BACK", 0.03), ("END", 0.05)))
# Unigram mass of the phone garbage, shared by its phones; of the text words, shared by them.
GARBAGE = _tuned("GARBAGE", 0.5)
# The bigram mass from one garbage phone to the next.
GARBAGE_RUN = _tuned("GARBAGE_RUN", 0.9)
# This search's weights. Language weight 7 rather than 4: fewer text words heard out of place on
# words read correctly (false alarms 18.6 -> 16.5 % on the bench's seed 1, 21.4 -> 18.6 % on its
# held-out seed 2), recall about the same; 2.5, and garbage, shares and WIP changes, did no better.
LW, WIP = _tuned("LW", 7.0), _tuned("WIP", 0.5)
SENTINELS = ("<s>", "</s>")


def arpa(words, phones):
    """An ARPA bigram model: text order preferred, phones as garbage. words: the text, in order."""
    vocab = sorted(set(words))
    garbage = ["ph_" + p.lower() for p in phones]
    uni = {w: (1 - GARBAGE) / len(vocab) for w in vocab}
    uni.update({g: GARBAGE / len(garbage) for g in garbage})
    uni["</s>"] = min(uni.values())
    total = sum(uni.values())
    uni = {w: p / total for w, p in uni.items()}
    seq = ["<s>", *words, "</s>"]
    bi = {}
    for i, w in enumerate(seq[:-1]):
        own = bi.setdefault(w, {})
        for target, share in ((seq[i + 1], NEXT), (seq[min(i + 2, len(seq) - 1)], SKIP),
                              (w if w != "<s>" else None, REPEAT), (seq[i - 1] if i > 1 else None, BACK),
                              ("</s>" if i > 0 else None, END)):
            if target is not None:
                own[target] = own.get(target, 0) + share
    # Once in the garbage, more garbage is likelier than a fresh start would make it.
    for g in garbage:
        bi[g] = {h: GARBAGE_RUN / len(garbage) for h in garbage}
    lines = ["\\data\\", f"ngram 1={len(uni) + 1}", f"ngram 2={sum(len(t) for t in bi.values())}", "",
             "\\1-grams:", "-99.0000 <s> 0.0000"]
    for w in sorted(uni):
        targets = bi.get(w, {})
        mass = sum(targets.values())
        norm = mass / (1 - 1e-6) if mass >= 1 else 1
        kept = {t: p / norm for t, p in targets.items()}
        bi[w] = kept
        backoff = (1 - sum(kept.values())) / max(1e-9, 1 - sum(uni[t] for t in kept))
        lines.append(f"{math.log10(uni[w]):.4f} {w} {math.log10(max(backoff, 1e-9)):.4f}")
    # <s> has no unigram probability of its own but its bigrams still need a backoff weight.
    start = bi.get("<s>", {})
    lines[5] = f"-99.0000 <s> {math.log10(max(1e-9, (1 - sum(start.values())) / (1 - sum(uni[t] for t in start)))):.4f}"
    lines += ["", "\\2-grams:"]
    for w in sorted(bi):
        for t, p in sorted(bi[w].items()):
            lines.append(f"{math.log10(p):.4f} {w} {t}")
    lines += ["", "\\end\\", ""]
    return "\n".join(lines)


def make_reader(model, phones):
    """A decoder of its own for reading: the worker's has CMUdict's 134k words, over which making
    a language-model search takes 12 s, and wide beams; this one starts with the garbage phones
    only and pocketsphinx's default beams (0.3 s per 3 s of speech)."""
    config = Decoder.default_config()
    config.set_string("-hmm", os.path.join(model, "en-us"))
    fd, path = tempfile.mkstemp(suffix=".dict", prefix="sphinx-read-")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.writelines(f"ph_{p.lower()} {p}\n" for p in phones)
        config.set_string("-dict", path)
        config.set_string("-logfn", "/dev/null")
        config.set_boolean("-remove_silence", False)  # frame numbers stay 10 ms steps of the audio
        config.set_float("-lw", LW)
        config.set_float("-wip", WIP)
        return Decoder(config)
    finally:
        os.unlink(path)


def add_words(decoder, words, prons):
    """Adds the words the decoder lacks (prons: word -> CMU phones, or a list of them: the first is
    the word's, the others its alternates "word(2)", ...)."""
    entries = []
    for w in sorted(set(words)):
        own = prons[w] if isinstance(prons[w], list) else [prons[w]]
        entries += [(w if k == 0 else f"{w}({k + 1})", p) for k, p in enumerate(own)]
    new = [(w, p) for w, p in entries if not decoder.lookup_word(w)]
    for i, (word, pron) in enumerate(new):
        decoder.add_word(word, pron, i == len(new) - 1)  # the last one rebuilds the search


def set_reading_lm(reader, words, prons, phones):
    """Adds the text's words (add_words) and makes their model the "read" search."""
    add_words(reader, words, prons)
    fd, path = tempfile.mkstemp(suffix=".arpa", prefix="sphinx-read-")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(arpa(words, phones))
        reader.set_lm_file("read", path)
    finally:
        os.unlink(path)


def heard_words(decoder, segs, frames_offset):
    """The decoder's words with times (frames) and posteriors; runs of garbage phones become one
    "word" spelled by its phones (e.g. "/d ao g z/"), so a substitution reads as what was said."""
    logmath = decoder.get_logmath()
    out = []
    run = None
    for seg in segs:
        word = seg.word
        start, end = seg.start_frame + frames_offset, seg.end_frame + frames_offset
        posterior = min(1.0, max(0.0, logmath.exp(seg.prob))) if seg.prob else 1.0
        if word.startswith("ph_"):
            if run is None:
                run = {"word": None, "phones": [], "start": start, "end": end, "confidence": []}
                out.append(run)
            run["phones"].append(word[3:].upper())
            run["end"] = end
            run["confidence"].append(posterior)
            continue
        run = None
        if word in SENTINELS or word.startswith("<") or word.startswith("["):
            continue
        word = word.split("(")[0]
        out.append({"word": word, "phones": None, "start": start, "end": end, "confidence": posterior})
    for item in out:
        if item["phones"] is not None:
            item["word"] = "/" + " ".join(item["phones"]).lower() + "/"
            item["confidence"] = sum(item["confidence"]) / len(item["confidence"])
    return out
