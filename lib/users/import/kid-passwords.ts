import { randomInt } from "node:crypto";

// Passwords children can type: two short, common English words and a two-digit number,
// "tiger-plant-47". The words are a small curated list kept here (the well-kept published
// lists, EFF's diceware and BIP39, hold words like "abrasive" or "unkempt" that a ten-year-old
// cannot spell); every word is lower case, 3-6 letters, without look-alike letter pairs, and the
// digits avoid 0 and 1 (read as O and l). 256 × 256 × 64 ≈ 4.2 million passwords (22 bits):
// guessing online meets the sign-in throttle (LOGIN_MAX_FAILURES, doubling locks), and an
// administrator sets a new one when a sheet is lost.

export const KID_WORDS = [
  "apple", "arm", "baby", "bag", "ball", "band", "bank", "barn", "bath", "beach", "bean", "bear", "bed", "bee", "bell", "belt",
  "bike", "bird", "boat", "bone", "book", "boot", "bowl", "box", "bread", "brick", "bus", "cake", "camp", "cap", "car", "card",
  "cat", "cave", "chair", "chess", "chick", "city", "clock", "cloud", "coat", "coin", "cook", "corn", "cow", "crab", "cup", "dance",
  "deer", "desk", "dish", "dog", "door", "dragon", "dream", "drum", "duck", "eagle", "egg", "farm", "fish", "flag", "foot", "fork",
  "fox", "frog", "fruit", "game", "gate", "ghost", "gift", "goat", "gold", "grape", "grass", "green", "hand", "hat", "hen", "hill",
  "home", "horse", "house", "jam", "jet", "juice", "kite", "king", "lake", "lamp", "leaf", "lemon", "lion", "map", "melon", "milk",
  "moon", "mouse", "music", "nest", "net", "night", "nose", "nut", "ocean", "owl", "paint", "panda", "park", "party", "pear", "pen",
  "pie", "pig", "pizza", "plant", "plate", "pond", "pony", "queen", "rabbit", "rain", "river", "road", "robot", "rock", "roof", "rope",
  "rose", "sand", "seal", "seed", "sheep", "ship", "shoe", "sky", "snake", "snow", "sock", "song", "soup", "star", "stone", "sun",
  "swan", "table", "tent", "tiger", "toast", "tooth", "tower", "train", "tree", "truck", "tulip", "water", "whale", "wheel", "wind", "wolf",
  "zebra", "zoo", "acorn", "badge", "banjo", "beard", "berry", "bison", "brush", "bunny", "candy", "canoe", "cello", "cherry", "cocoa", "comet",
  "daisy", "dingo", "diver", "dove", "eraser", "fairy", "fern", "flute", "gecko", "giant", "glove", "goose", "guitar", "hippo", "honey", "igloo",
  "jelly", "jungle", "kayak", "koala", "ladder", "lava", "lizard", "llama", "magic", "mango", "maple", "marble", "meadow", "mitten", "monkey", "moose",
  "noodle", "otter", "oven", "paddle", "parrot", "peach", "pebble", "pepper", "piano", "pickle", "pirate", "planet", "puppy", "puzzle", "quiet", "radio",
  "rocket", "salad", "scarf", "shark", "shell", "sloth", "spoon", "squid", "stamp", "sugar", "sunny", "sweet", "teddy", "thumb", "tomato", "turtle",
  "violin", "wagon", "walrus", "window", "winter", "yogurt", "yellow", "zipper", "cactus", "camel", "carrot", "castle", "circus", "cookie", "donkey", "feather",
] as const;

const DIGITS = "23456789";

export function kidPassword(): string {
  const word = () => KID_WORDS[randomInt(KID_WORDS.length)];
  let second = word();
  const first = word();
  while (second === first) second = word();
  return `${first}-${second}-${DIGITS[randomInt(DIGITS.length)]}${DIGITS[randomInt(DIGITS.length)]}`;
}
