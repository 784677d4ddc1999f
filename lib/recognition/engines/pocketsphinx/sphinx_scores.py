# One answer searched by several grammars, its senone scores computed once. Scoring every senone
# of every frame (-compallsen, sphinx_decoder.py) is most of a search's CPU: a choice grammar
# decoded from a 3-s answer's audio took ~115 ms, the same grammar over the scores recorded while
# the phone loop decoded it ~3 ms, with the same path and scores to the bit (the same normalised
# senone scores reach the search). Pocketsphinx records and replays such scores itself
# (acmod_set_senfh, ps_decode_senscr); the Python binding lacks both, so they are called through
# ctypes on the binding's decoder. Where that cannot be done safely, every search decodes the audio.
import ctypes

from sphinx_decoder import decode, result

# The recorded scores take ~1 MB per second of audio (every senone, 16 bits, 100 frames a second):
# longer audio (a whole reading) is decoded for each search instead.
MAX_SECONDS = 20

# Where ps_decoder_s keeps its acoustic model (Debian's 0.8+5prealpha). Checked on every decoder
# against two fields the public API returns, so another layout falls back rather than crashes.
ACMOD_OFFSET = 0x10


def _load():
    try:
        ps = ctypes.CDLL("libpocketsphinx.so.3")
        libc = ctypes.CDLL("libc.so.6")
    except OSError:
        return None
    void = ctypes.c_void_p
    for name, restype, argtypes in (
        ("ps_get_config", void, [void]),
        ("ps_get_logmath", void, [void]),
        ("acmod_set_senfh", ctypes.c_int, [void, void]),
        ("ps_decode_senscr", ctypes.c_int, [void, void]),
    ):
        fn = getattr(ps, name, None)
        if fn is None:
            return None
        fn.restype, fn.argtypes = restype, argtypes
    libc.open_memstream.restype = void
    libc.open_memstream.argtypes = [ctypes.POINTER(void), ctypes.POINTER(ctypes.c_size_t)]
    libc.fmemopen.restype = void
    libc.fmemopen.argtypes = [void, ctypes.c_size_t, ctypes.c_char_p]
    libc.fclose.argtypes = [void]
    libc.free.argtypes = [void]
    return ps, libc


_LIBS = _load()


def _acmod(decoder):
    """The decoder's acoustic model, or None when its layout is not the one expected."""
    if _LIBS is None:
        return None
    ps, _ = _LIBS
    handle = int(decoder.this)
    acmod = ctypes.c_void_p.from_address(handle + ACMOD_OFFSET).value
    if not acmod:
        return None
    # acmod_s begins with the config and the log table the decoder was made with.
    config = ctypes.c_void_p.from_address(acmod).value
    lmath = ctypes.c_void_p.from_address(acmod + 8).value
    if config != ps.ps_get_config(handle) or lmath != ps.ps_get_logmath(handle):
        return None
    return acmod


class ScoredAnswer:
    """The answer's audio (raw 16-bit PCM from frame `offset`) for several searches: the first
    decodes the audio on `decoder` and records its senone scores; the others search the recorded
    scores on `searcher`, a decoder that never reads audio (one that does both crashed in
    pocketsphinx's phone loop). `searcher` needs the same dictionary words and grammars.
    Use as a context manager: the recorded scores are freed at its end."""

    def __init__(self, decoder, searcher, raw, offset=0, share=True):
        self.decoder, self.searcher, self.raw, self.offset = decoder, searcher, raw, offset
        short = len(raw) <= MAX_SECONDS * 16000 * 2
        usable = share and short and searcher is not None and _acmod(searcher)
        self.acmod = _acmod(decoder) if usable else None
        self.buffer, self.size = ctypes.c_void_p(), ctypes.c_size_t()
        self.recorded = False

    def __enter__(self):
        return self

    def __exit__(self, *_):
        if self.recorded:
            _LIBS[1].free(self.buffer)
            self.recorded = False

    @property
    def shared(self):
        """Whether searches after the first read recorded scores (else each decodes the audio)."""
        return self.acmod is not None

    def decode(self, search):
        """The search's hypothesis and segments over the answer (sphinx_decoder.decode())."""
        if self.acmod is None:
            return decode(self.decoder, search, self.raw, self.offset)
        if not self.recorded:
            return self._record(search)
        ps, libc = _LIBS
        tape = libc.fmemopen(self.buffer, self.size.value, b"rb")
        if not tape:
            return decode(self.decoder, search, self.raw, self.offset)
        try:
            self.searcher.set_search(search)
            if ps.ps_decode_senscr(int(self.searcher.this), tape) < 0:
                raise RuntimeError("pocketsphinx could not search the recorded scores")
        finally:
            libc.fclose(tape)
        return result(self.searcher, self.offset)

    def _record(self, search):
        ps, libc = _LIBS
        tape = libc.open_memstream(ctypes.byref(self.buffer), ctypes.byref(self.size))
        if not tape:
            self.acmod = None
            return decode(self.decoder, search, self.raw, self.offset)
        ps.acmod_set_senfh(self.acmod, tape)
        try:
            return decode(self.decoder, search, self.raw, self.offset)
        finally:
            ps.acmod_set_senfh(self.acmod, None)  # closes the stream: buffer and size are final
            self.recorded = True
