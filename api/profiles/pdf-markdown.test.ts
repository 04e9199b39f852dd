import { describe, expect, it } from 'vitest';
import { markdownBlocks, markdownText } from './pdf-markdown.ts';

const plain = (text: string) => ({ text, bold: false, italic: false });
const bold = (text: string) => ({ text, bold: true, italic: false });
const italic = (text: string) => ({ text, bold: false, italic: true });

describe('a description as the PDF sets it', () => {
  it('sets strong words in bold and emphasis in italic, without their markers', () => {
    expect(markdownBlocks('I like my tea **strong**')).toEqual([
      { depth: 0, runs: [plain('I like my tea '), bold('strong')] },
    ]);
    expect(markdownBlocks('Milk _first_, then *tea*, and __never__ sugar')).toEqual([
      {
        depth: 0,
        runs: [
          plain('Milk '),
          italic('first'),
          plain(', then '),
          italic('tea'),
          plain(', and '),
          bold('never'),
          plain(' sugar'),
        ],
      },
    ]);
    expect(markdownBlocks('***very*** hot')).toEqual([
      { depth: 0, runs: [{ text: 'very', bold: true, italic: true }, plain(' hot')] },
    ]);
  });

  it('keeps paragraphs apart and joins the lines of one paragraph with a space', () => {
    expect(markdownBlocks('Morning tea\nin the garden\n\nAfternoon: none')).toEqual([
      { depth: 0, runs: [plain('Morning tea in the garden')] },
      { depth: 0, runs: [plain('Afternoon: none')] },
    ]);
  });

  it('sets each list item on its own line with its bullet or number, nested lists further in', () => {
    expect(markdownBlocks('- warm\n- **quiet**\n  1. lights low\n  2. door shut')).toEqual([
      { depth: 1, marker: '•', runs: [plain('warm')] },
      { depth: 1, marker: '•', runs: [bold('quiet')] },
      { depth: 2, marker: '1.', runs: [plain('lights low')] },
      { depth: 2, marker: '2.', runs: [plain('door shut')] },
    ]);
    expect(markdownBlocks('3. three\n4. four').map((b) => b.marker)).toEqual(['3.', '4.']);
  });

  it('sets a link as its words, with the address a reader can type when the words do not show it', () => {
    expect(markdownText('See [my playlist](https://music.example/aroha) first')).toBe(
      'See my playlist (https://music.example/aroha) first',
    );
    expect(markdownText('Write to [me](mailto:aroha@example.com)')).toBe(
      'Write to me (aroha@example.com)',
    );
    expect(markdownText('<https://music.example/>')).toBe('https://music.example/');
    // An address that is not a web or e-mail one is never printed: its words alone.
    expect(markdownText('[click](javascript:alert(1))')).toBe('click');
  });

  it('drops raw HTML and sets a picture as its description, as the screen does', () => {
    expect(markdownText('Tea <script>alert(1)</script> please')).toBe('Tea alert(1) please');
    expect(markdownText('<div onclick="x()">\nhidden\n</div>\n\nshown')).toBe('shown');
    expect(markdownText('![a blue mug](https://img.example/mug.png) please')).toBe(
      'a blue mug please',
    );
  });

  it('sets headings in bold, and code and quotations as their words', () => {
    expect(markdownBlocks('## Mornings\n\n`slowly`\n\n> gently')).toEqual([
      { depth: 0, runs: [bold('Mornings')] },
      { depth: 0, runs: [plain('slowly')] },
      { depth: 1, runs: [plain('gently')] },
    ]);
  });

  it('leaves no Markdown marker in the words, and loses none of them', () => {
    const description = [
      '# How I like it',
      '',
      'I like my tea **strong**, with _a little_ milk.',
      '',
      '* Use the *big* mug',
      '* __Never__ the glass one',
      '',
      '1. Kettle first',
      '2. Then [the pot](https://tea.example/pot)',
      '',
      '---',
      '',
      '> Ask me if unsure',
    ].join('\n');
    const text = markdownText(description);
    expect(text).not.toMatch(/[*_#>`[\]]|---/);
    for (const word of [
      'How I like it',
      'I like my tea strong, with a little milk.',
      'Use the big mug',
      'Never the glass one',
      '1. Kettle first',
      '2. Then the pot',
      'Ask me if unsure',
    ]) {
      expect(text).toContain(word);
    }
  });
});
