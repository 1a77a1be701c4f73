// In: grid containers with flexible tracks (fr columns and rows, fractional flex factors, gaps, a fixed track beside
// them, a fractional container width), through the real stages (parse → cascade → boxes → layout).
// Out: track items' border boxes (x, y relative to the case block, width, height in px) compared to 1/1000 px with
// Chromium 156's getBoundingClientRect in print emulation.
import { test } from 'node:test';
import { layoutHtml, assertChromiumBoxes, type ChromiumBox } from './helpers.ts';

const ROWS = [
  '<div id=a1 class=g style="grid-template-columns:1fr 2fr 1.3fr;column-gap:3.3px"><i id=a2></i><i id=a3></i><i id=a4></i></div>',
  '<div id=a5 class=g style="grid-template-columns:repeat(7,1fr)"><i id=a6></i><i id=a7></i><i id=a8></i><i id=a9></i><i id=a10></i><i id=a11></i><i id=a12></i></div>',
  '<div id=a13 class=g style="grid-template-columns:100px 1fr 1fr 1fr;gap:7px"><i id=a14></i><i id=a15></i><i id=a16></i><i id=a17></i></div>',
  '<div id=a18 class=g style="grid-template-columns:1.5fr 1fr 0.7fr;width:333.3px"><i id=a19></i><i id=a20></i><i id=a21></i></div>',
  '<div id=a22 class=g style="grid-template-columns:repeat(3,1fr);grid-template-rows:1fr 1fr 1fr;height:100px"><i id=a23 style="height:auto"></i><i></i><i></i><i id=a24 style="height:auto"></i><i></i><i></i><i id=a25 style="height:auto"></i></div>',
];
const DOC = `<!doctype html><html><head><style>@page { size: A4; margin: 10mm } body { margin: 0; font: 16px/20px Arial } .case { width: 600px } i { display: block; height: 5px } .g { display: grid }</style></head><body><div class=case id=c>\n${ROWS.join('\n')}\n</div></body></html>`;

/**
 * Blink sizes flexible tracks in LayoutUnits (ExpandFlexibleTracks): each track's share (the fr size × its flex factor)
 * plus the part of 1/64 px the tracks before it lost is truncated to 1/64 px, and what it loses is carried on, so seven
 * 1fr columns of 600 px are 85.703125 or 85.71875 px and end at 600. We gave each 85.714286, and 1fr 2fr 1.3fr with a
 * 3.3px gap ended 179.40189 px wide where Chromium has 179.390625.
 */
const CHROMIUM: ChromiumBox[] = [
  ['a1',  0,  0,  600,  5],
  ['a2',  0,  0,  138,  5],
  ['a3',  141.29688,  0,  276,  5],
  ['a4',  420.59375,  0,  179.39063,  5],
  ['a5',  0,  5,  600,  5],
  ['a6',  0,  5,  85.70313,  5],
  ['a7',  85.70313,  5,  85.71875,  5],
  ['a8',  171.42188,  5,  85.71875,  5],
  ['a9',  257.14063,  5,  85.70313,  5],
  ['a10',  342.84375,  5,  85.71875,  5],
  ['a11',  428.5625,  5,  85.71875,  5],
  ['a12',  514.28125,  5,  85.71875,  5],
  ['a13',  0,  10,  600,  5],
  ['a14',  0,  10,  100,  5],
  ['a15',  107,  10,  159.65625,  5],
  ['a16',  273.65625,  10,  159.67188,  5],
  ['a17',  440.32813,  10,  159.67188,  5],
  ['a18',  0,  15,  333.29688,  5],
  ['a19',  0,  15,  156.21875,  5],
  ['a20',  156.21875,  15,  104.15625,  5],
  ['a21',  260.375,  15,  72.92188,  5],
  ['a22',  0,  20,  600,  100],
  ['a23',  0,  20,  200,  33.32813],
  ['a24',  0,  53.32813,  200,  33.32813],
  ['a25',  0,  86.65625,  200,  33.32813],
];

test('Chromium 156 figures: flexible grid tracks in LayoutUnits, truncation carried from track to track', () => assertChromiumBoxes(layoutHtml(DOC), 'c', CHROMIUM, 0.001));
