// The ISO 639-2 codes (as the language picker lists them: terminologic where there is one) of
// the languages ISO 639-3 calls living, so the picker can list those first. Kept here rather than
// importing the ISO 639-3 table (some 8,000 entries) into the browser;
// living-languages.test.ts checks this list against that table.

export const LIVING_LANGUAGE_CODES: ReadonlySet<string> = new Set(
  `
aar abk ace ach ada ady afr ain aka ale alt amh anp ara arg arn arp arw asm ast ava awa aym aze bak bal bam ban
bas bej bel bem ben bho bik bin bis bla bod bos bra bre bua bug bul byn cad car cat ceb ces cha che chk chm chn
cho chp chr chv chy cnr cor cos cre crh csb cym dak dan dar del den deu dgr din div doi dsb dua dyu dzo efi eka
ell eng est eus ewe ewo fan fao fas fat fij fil fin fon fra frr frs fry ful fur gaa gay gba gil gla gle glg glv
gon gor grb grn gsw guj gwi hai hat hau haw heb her hil hin hmn hmo hrv hsb hun hup hye iba ibo iii iku ilo ind
inh ipk isl ita jav jpn jpr jrb kaa kab kac kal kam kan kas kat kau kaz kbd kha khm kik kin kir kmb kok kom kon
kor kos kpe krc krl kru kua kum kur kut lad lah lam lao lav lez lim lin lit lol loz ltz lua lub lug lun luo lus
mad mag mah mai mak mal man mar mas mdf mdr men mic min mkd mlg mlt mnc mni moh mon mos mri msa mus mwl mwr mya
myv nap nau nav nbl nde ndo nds nep new nia niu nld nno nob nog nor nqo nso nya nym nyn nyo nzi oci oji ori orm
osa oss pag pam pan pap pau pol pon por pus que raj rap rar roh rom ron run rup rus sad sag sah sas sat scn sco
sel shn sid sin slk slv sma sme smj smn smo sms sna snd snk som sot spa sqi srd srn srp srr ssw suk sun sus swa
swe syr tah tam tat tel tem ter tet tgk tgl tha tig tir tiv tkl tli tmh tog ton tpi tsi tsn tso tuk tum tur tvl
twi tyv udm uig ukr umb urd uzb vai ven vie vot wal war was wln wol xal xho yao yap yid yor zap zen zgh zha zho
zul zun zza
`
    .trim()
    .split(/\s+/),
);
