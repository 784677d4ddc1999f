# Pronunciations for sphinx-server.py that CMUdict lacks: espeak-ng's IPA turned into CMU phones.
import re
import subprocess
import unicodedata


# espeak-ng IPA -> CMU phones; the longest symbol wins, stress and length marks are dropped first.
IPA = {k: v.replace("_", " ") for k, v in (pair.split("=") for pair in """
    aɪə=AY_AH aɪɚ=AY_ER ɑɹ=AA_R oɹ=AO_R ɔɹ=AO_R ɛɹ=EH_R ɪɹ=IH_R ʊɹ=UH_R eə=EH_R ʊə=UH_R iə=IY_AH
    ɪə=IH_R aɪ=AY aʊ=AW ɔɪ=OY eɪ=EY oʊ=OW əʊ=OW tʃ=CH dʒ=JH əl=AH_L ɪ=IH
    ᵻ=IH i=IY ɛ=EH e=EH æ=AE a=AE ɑ=AA ɒ=AA ɔ=AO o=OW ʊ=UH u=UW ʌ=AH ə=AH ɐ=AH ɚ=ER ɜ=ER ɝ=ER
    p=P b=B t=T d=D k=K ɡ=G g=G f=F v=V θ=TH ð=DH s=S z=Z ʃ=SH ʒ=ZH h=HH x=HH m=M n=N ŋ=NG l=L
    ɫ=L ɹ=R r=R j=Y w=W ʍ=W ɾ=T ʔ=T""".split())}


class Refused(Exception):
    """A request this worker cannot answer; the message names the cause for the user."""


def espeak_phones(word):
    try:
        out = subprocess.run(["espeak-ng", "-q", "-v", "en-us", "--ipa", "--sep=_", word],
                             capture_output=True, text=True, timeout=10, check=True).stdout
    except (OSError, subprocess.SubprocessError) as error:
        raise Refused(f'"{word}" is not in the dictionary and espeak-ng could not spell it ({error})')
    # Language switches like "(fr)", stress and length go; a syllabic consonant is schwa + consonant.
    text = re.sub("([nlm])\u0329", "ə\\1", re.sub(r"\([a-z-]+\)|[ˈˌː]", "", out))
    text = "".join(c for c in text if not unicodedata.combining(c))
    phones = []
    for chunk in re.split(r"[\s_]+", text.strip()):
        while chunk:
            key = next((k for k in (chunk[:3], chunk[:2], chunk[:1]) if k in IPA), None)
            if key is None:
                raise Refused(f'"{word}" is not in the dictionary and espeak-ng gave an unknown sound "{chunk[0]}"')
            phones.append(IPA[key])
            chunk = chunk[len(key):]
    if not phones:
        raise Refused(f'"{word}" has no pronunciation')
    return " ".join(phones)
