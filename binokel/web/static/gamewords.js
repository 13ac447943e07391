/* The game's own words, shared with the terminal: written from
 * binokel/ui/catalogue.py (python -m binokel.ui.catalogue > this file); do not
 * edit by hand. */
"use strict";

const GAME_WORDS = {
 "en": {
  "ranks": {
   "A": "Ace",
   "10": "Ten",
   "K": "King",
   "Q": "Queen",
   "J": "Jack",
   "9": "Nine",
   "8": "Eight",
   "7": "Seven"
  },
  "faces": {},
  "suits": {
   "♣": "clubs",
   "♠": "spades",
   "♥": "hearts",
   "♦": "diamonds"
  },
  "suit_pack": {},
  "melds": {
   "pair": "Pair",
   "family": "Family",
   "double family": "Double Family",
   "binokel": "Binokel",
   "double binokel": "Double Binokel",
   "dissle": "Dissle",
   "four aces": "Four Aces",
   "four kings": "Four Kings",
   "four queens": "Four Queens",
   "four jacks": "Four Jacks",
   "eight aces": "Eight Aces",
   "eight kings": "Eight Kings",
   "eight queens": "Eight Queens",
   "eight jacks": "Eight Jacks",
   "marriage": "Marriage",
   "royal marriage": "Royal marriage",
   "sequence": "Sequence",
   "binocle": "Binocle",
   "grand binocle": "Grand binocle",
   "double binocle": "Double binocle",
   "dix": "Dix",
   "common marriage": "Common marriage",
   "bézique": "Bézique",
   "double bézique": "Double bézique",
   "grand bézique": "Grand bézique",
   "trump Seven": "Trump Seven"
  },
  "rule_sets": {}
 },
 "de": {
  "ranks": {
   "A": "Sau",
   "10": "Zehner",
   "K": "König",
   "Q": "Ober",
   "J": "Unter",
   "9": "Neuner",
   "8": "Achter",
   "7": "Siebener"
  },
  "faces": {
   "Q": "O",
   "J": "U"
  },
  "suits": {
   "♣": "Kreuz",
   "♠": "Schippen",
   "♥": "Herz",
   "♦": "Schellen"
  },
  "suit_pack": {
   "♣": "Eichel",
   "♠": "Laub"
  },
  "melds": {
   "pair": "Paar",
   "family": "Familie",
   "double family": "Doppelfamilie",
   "binokel": "Binokel",
   "double binokel": "Doppelbinokel",
   "dissle": "Dissle",
   "four aces": "Vier Sauen",
   "four kings": "Vier Könige",
   "four queens": "Vier Ober",
   "four jacks": "Vier Unter",
   "eight aces": "Acht Sauen",
   "eight kings": "Acht Könige",
   "eight queens": "Acht Ober",
   "eight jacks": "Acht Unter",
   "marriage": "Paar",
   "royal marriage": "Trumpfpaar",
   "sequence": "Familie",
   "binocle": "Binokel",
   "grand binocle": "Großer Binokel",
   "double binocle": "Doppelbinokel",
   "dix": "Dix",
   "common marriage": "Einfaches Paar",
   "bézique": "Bézique",
   "double bézique": "Doppelbézique",
   "grand bézique": "Großer Bézique",
   "trump Seven": "Trumpfsieben"
  },
  "rule_sets": {
   "binokel": "Drei Spieler, 40 Karten, je 12 und ein Dabb von 4, Reizen ab 150, Partie bis 1500",
   "binokel-4": "Vier Spieler, einer gegen drei: je 9 Karten und ein Dabb von 4",
   "kreuzbinokel": "Vier Spieler in zwei Parteien, Partner gegenüber: je 9 Karten, die Partner zählen zusammen, eine Partei gewinnt",
   "binokel-4-dealer-out": "Vier am Tisch, drei spielen: der Geber setzt jedes Spiel aus, vier Punktestände",
   "binokel-sevens": "Mit Siebenern: 48 Karten, je 15, Dabb von 3; die Trumpfsieben (Dissle) zählt 10",
   "binokel-to-1000": "Partie bis 1000 statt 1500",
   "binokel-to-2000": "Partie bis 2000 statt 1500",
   "binokel-12-hands": "Genau 12 Spiele (jeder gibt viermal); die höchste Summe gewinnt",
   "binokel-bid-200": "Vorhand eröffnet das Reizen mit 200",
   "binokel-bid-250": "Vorhand eröffnet das Reizen mit 250",
   "binokel-jumps": "Beim Reizen darf man um jedes Vielfache von 10 springen",
   "binokel-open-durch": "Offener Durch: aufgedeckt nach dem Drücken (±1500) oder ohne Dabb (±2000)",
   "binokel-eights-graded": "Acht Sauen 1000, acht Könige 800, acht Ober 600, acht Unter 400",
   "binocle": "Fosters Binocle zu zweit: 48 Karten, je 12, vom Talon ziehen, eine Meldung je gewonnenem Stich, Partie bis 1000",
   "binocle-64": "Fosters Binocle zu zweit mit 64 Karten: mit Siebenern und Achtern, die Trumpfsieben ist die Dix",
   "bezique": "Bézique zu zweit: 64 Karten, je 8, gegeben 3-2-3, die 17. aufgedeckt; nur Brisques, Trumpfsieben 10, Partie bis 1000",
   "bezique-2000": "Bézique zu zweit, Partie bis 2000: 64 Karten, je 8, gegeben 3-2-3, nur Brisques, Trumpfsieben 10"
  }
 }
};
