// The corpus's text and voices. Each challenge has 3–4 choices, several of them near minimal
// pairs (is/was, left/right, tea/coffee), and two sentences that are none of its choices: one
// that shares most of its words with a choice (the hard case for rejection) and one unrelated.

/** `near` shares most of its words with a choice; `unrelated` is another sentence altogether. */
export type ChoiceSet = { choices: string[]; near: string; unrelated: string };

export type LanguageSpec = {
  /** ISO 639-2, as challenges store it. */
  language: "eng" | "nld";
  /** Voice A: the teacher's reference recordings. Never used for answers. */
  reference: { voice: string; speed: number };
  /**
   * Every answer is one of these (espeak-ng voice+variant), none of them voice A. Two of each
   * language's eight are also among the template engine's own espeak-ng templates (en-gb+f3,
   * en-us+m3; nl+f3, nl+m3): the bench reports those apart from the six it never heard.
   */
  answerVoices: string[];
  sets: ChoiceSet[];
};

export const LANGUAGES: LanguageSpec[] = [
  {
    language: "eng",
    reference: { voice: "en-us", speed: 160 },
    answerVoices: [
      "en-gb",
      "en-gb+f3",
      "en-us+m3",
      "en-us+f2",
      "en-gb-scotland",
      "en-029+m2",
      "en-us-nyc+f4",
      "en-gb-x-rp+klatt",
    ],
    sets: [
      {
        choices: ["the cat is black", "the cat was black", "the cat is white"],
        near: "the dog is black",
        unrelated: "I would like to buy a bicycle",
      },
      {
        choices: [
          "I would like a cup of tea",
          "I would like a glass of water",
          "I would like a cup of coffee",
          "I would like some orange juice",
        ],
        near: "I would like a slice of cake",
        unrelated: "the train leaves at noon",
      },
      {
        choices: ["she sells sea shells", "she sells fresh fish", "he sells sea shells"],
        near: "she buys sea shells",
        unrelated: "my brother plays football",
      },
      {
        choices: [
          "turn left at the corner",
          "turn right at the corner",
          "go straight ahead",
          "stop at the traffic lights",
        ],
        near: "wait at the corner",
        unrelated: "the children are sleeping",
      },
      {
        choices: ["what time is it", "what day is it", "where is the station"],
        near: "where is the library",
        unrelated: "I forgot my umbrella",
      },
      {
        choices: [
          "he lives in a big house",
          "he lived in a big house",
          "we live in a small flat",
          "they live near the sea",
        ],
        near: "he works in a big office",
        unrelated: "please pass the salt",
      },
      {
        choices: ["open the window please", "close the door please", "open the door please"],
        near: "close the curtains please",
        unrelated: "my favourite colour is green",
      },
      {
        choices: ["I have two brothers", "I have three sisters", "I have no pets", "I had two brothers"],
        near: "I have two cousins",
        unrelated: "the museum opens at nine",
      },
    ],
  },
  {
    language: "nld",
    reference: { voice: "nl", speed: 160 },
    answerVoices: ["nl+f3", "nl+m3", "nl+f2", "nl+m2", "nl+f5", "nl+klatt", "nl+Annie", "nl+m4"],
    sets: [
      {
        choices: ["de kat is zwart", "de kat was zwart", "de kat is wit"],
        near: "de hond is zwart",
        unrelated: "ik wil graag een fiets kopen",
      },
      {
        choices: [
          "ik wil graag een kopje thee",
          "ik wil graag een glas water",
          "ik wil graag een kopje koffie",
          "ik wil graag wat sinaasappelsap",
        ],
        near: "ik wil graag een stuk taart",
        unrelated: "de trein vertrekt om twaalf uur",
      },
      {
        choices: ["het weer is mooi vandaag", "het weer was mooi gisteren", "het regent vandaag"],
        near: "het sneeuwt vandaag",
        unrelated: "mijn broer speelt voetbal",
      },
      {
        choices: ["ga linksaf bij de kerk", "ga rechtsaf bij de kerk", "ga rechtdoor", "stop bij het stoplicht"],
        near: "wacht bij de kerk",
        unrelated: "de kinderen slapen al",
      },
      {
        choices: ["hoe laat is het", "welke dag is het", "waar is het station"],
        near: "waar is de bibliotheek",
        unrelated: "ik ben mijn paraplu vergeten",
      },
      {
        choices: [
          "hij woont in een groot huis",
          "hij woonde in een groot huis",
          "wij wonen in een klein appartement",
          "zij wonen vlak bij zee",
        ],
        near: "hij werkt in een groot kantoor",
        unrelated: "geef mij het zout alsjeblieft",
      },
      {
        choices: ["doe het raam open alsjeblieft", "doe de deur dicht alsjeblieft", "doe de deur open alsjeblieft"],
        near: "doe de gordijnen dicht alsjeblieft",
        unrelated: "mijn lievelingskleur is groen",
      },
      {
        choices: ["ik heb twee broers", "ik heb drie zussen", "ik heb geen huisdieren", "ik had twee broers"],
        near: "ik heb twee neven",
        unrelated: "het museum gaat om negen uur open",
      },
    ],
  },
];
