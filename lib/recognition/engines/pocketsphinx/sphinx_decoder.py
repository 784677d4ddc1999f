# The decoder of sphinx-server.py and the audio it is given: the acoustic model and its phones,
# the scores' unit, and the answer cut to its speech with one bit of noise added.
import array
import math
import os
import random
import sys

from pocketsphinx import Decoder

MODEL = os.environ.get("SPHINX_MODEL", "/usr/share/pocketsphinx/model/en-us")
PHONES = "AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH UH UW V W Y Z ZH".split()
# Scores are log base 1.0001 shifted right by 10 bits (SENSCR_SHIFT); this turns them into nats.
NATS = 1024 * math.log(1.0001)
MIN_FRAMES = 10
# log10 of the mean squared 16-bit sample of a 10 ms frame: -60 dBFS, and a 6 dB loud-to-quiet range.
SILENT, STEADY = 3.0, 0.6
# The alignment grammar's pause between words (the model's silence phone).
PAUSE = "ph_sil"


def make_decoder():
    config = Decoder.default_config()
    config.set_string("-hmm", os.path.join(MODEL, "en-us"))
    config.set_string("-dict", os.path.join(MODEL, "cmudict-en-us.dict"))
    config.set_string("-logfn", "/dev/null")
    # All senones every frame: otherwise scores are normalised over the search's active set
    # only, and a grammar's and a phone loop's scores could not be compared.
    config.set_boolean("-compallsen", True)
    config.set_boolean("-allphone_ci", True)
    # Keep every frame, so frame numbers are 10 ms steps of the audio as sent; trim() drops the
    # silence around the answer instead, which batch mean normalisation would otherwise average in.
    config.set_boolean("-remove_silence", False)
    # Wide beams: synthetic and accented speech fell off the default ones before the grammar's end.
    # The word-exit beam as wide as the others: at 1e-60 it pruned the last word's exits of some
    # answers, which then had no path at all (one of the choice bench's in-set answers; one
    # sentence of the alignment bench, whose boundaries within 50 ms went from 92.8 to 95.3 %).
    config.set_float("-beam", 1e-80)
    config.set_float("-pbeam", 1e-80)
    config.set_float("-wbeam", 1e-80)
    # Scoring all senones is most of each search's CPU. Tried for issue 23: -topn 2 (default 4
    # Gaussians per codebook) cut both searches by ~30 %, but moved the scores: on the English
    # choice bench the cascade went from 105 to 103/112 in set (with reference audio; 104 -> 102
    # without) and from 27 to 30/32 out of set rejected, so it would need the thresholds refitted.
    decoder = Decoder(config)
    for phone in PHONES:
        decoder.add_word("ph_" + phone.lower(), phone, False)
    decoder.add_word(PAUSE, "SIL", True)
    # Without a phone LM: pocketsphinx's allphone mis-reports acoustic scores when one is set.
    decoder.set_allphone_file("loop", None)
    return decoder


def decode(d, search, raw, offset=0):
    """The search's hypothesis and segments (word, first and last frame from `offset`, nats) over
    raw 16-bit PCM, one full utterance: batch mean normalisation over all of it."""
    d.set_search(search)
    # A fresh stream: the front end's noise estimate (-remove_noise) otherwise carries over from
    # the previous utterance, so that the same answer scored differently by what this process
    # decoded before it (on the choice bench, in-set answers flipped between runs).
    d.start_stream()
    d.start_utt()
    d.process_raw(raw, False, True)
    d.end_utt()
    return result(d, offset)


def result(d, offset=0):
    """The last utterance's hypothesis and segments (decode())."""
    hyp = d.hyp()
    segs = d.seg() if hyp else []
    return hyp, [(s.word, s.start_frame + offset, s.end_frame + offset, s.ascore * NATS) for s in segs]


def dither(raw):
    """The audio with one bit of noise added (the same on every run): stretches of digital silence
    have no spectrum, and the aligner then placed the words around them badly."""
    samples = array.array("h")
    samples.frombytes(raw[: len(raw) // 2 * 2])
    rand = random.Random(0)
    noise = rand.choices((-1, 0, 1), k=len(samples))
    return array.array("h", (max(-32768, min(32767, x + n)) for x, n in zip(samples, noise))).tobytes()


def trim(raw):
    """The answer without the quiet around it (150 ms kept each side), its first 10 ms frame, and
    why it holds no speech (too short, silent, or a steady noise), if it holds none."""
    samples = array.array("h")
    samples.frombytes(raw[: len(raw) // 2 * 2])
    if sys.byteorder == "big":
        samples.byteswap()
    n = len(samples) // 160
    if n < MIN_FRAMES:
        return b"", 0, "too little audio"
    energy = [math.log10(1 + sum(x * x for x in samples[i * 160:(i + 1) * 160]) / 160) for i in range(n)]
    ranked = sorted(energy)
    floor, top = ranked[n // 10], ranked[n - 1 - n // 50]
    # Grammar and phone loop fit silence or noise equally badly, so their ratio cannot reject it.
    if top < SILENT or top - floor < STEADY:
        return b"", 0, "no speech (silence)" if top < SILENT else "no speech (a steady sound)"
    loud = [i for i, e in enumerate(energy) if e > floor + 0.25 * (top - floor)]
    first, last = max(loud[0] - 15, 0), min(loud[-1] + 16, n)
    return samples[first * 160:last * 160].tobytes(), first, None
