# The grammars of sphinx-server.py's forced searches, and what their paths say: which choice a
# path spells, where each forced item lies, and what the free phone loop scores over some frames.
import re

FILLER = re.compile(r"^(<.*>|\[.*\]|\+\+.*\+\+)$")


def jsgf(name, sequences):
    """One alternative per word sequence, all equally likely."""
    body = " | ".join(" ".join(words) for words in sequences)
    return f"#JSGF V1.0;\ngrammar {name};\npublic <s> = {body};\n"


def match(hyp, keys):
    """The index of the choice the hypothesis spells, ignoring fillers and alternative marks."""
    if hyp is None:
        return None
    key = " ".join(re.sub(r"\(\d+\)$", "", w) for w in hyp.hypstr.split() if not FILLER.match(w))
    return keys.index(key) if key in keys else None


def item_spans(prons, phones):
    """Each item's first and last frame, from a forced path's phone segments (pauses left out):
    prons per item are its pronunciations, of which the path took one. None if the path cannot be
    read as the items."""
    names = [p[0] for p in phones]

    def parse(i, j):
        if i == len(prons):
            return [] if j == len(names) else None
        for pron in prons[i]:
            if names[j:j + len(pron)] == ["ph_" + p.lower() for p in pron]:
                rest = parse(i + 1, j + len(pron))
                if rest is not None:
                    return [[phones[j][1], phones[j + len(pron) - 1][2]], *rest]
        return None

    return parse(0, 0)


def loop_over(loop, start, end):
    """The phone loop's score over frames start..end, shared out by frame where segments overlap."""
    return sum(score * max(0, min(e, end) - max(s, start) + 1) / (e - s + 1) for _, s, e, score in loop)
