import PDFDocument from 'pdfkit';
import { pdfBytes } from '../../common/pdf';
import { DATASET_FORMATS } from '../../contracts/dataset-formats';
import { DATA_FIELDS, DATA_SCHEMA } from './data-schema';
import { FORMAT_NOTES, FORMAT_RULES } from './data-schema-format-notes';

const MARGIN = 50;
const COLUMNS = [
  { title: 'Field', width: 175, font: 'Courier', size: 7.5 },
  { title: 'Type', width: 50, font: 'Helvetica', size: 8 },
  { title: 'Description', width: 270, font: 'Helvetica', size: 8 },
] as const;
const GAP = 5;

/**
 * The data schema as a PDF: every field by category, with its type and
 * meaning. Its content is fixed (no dates), so every replica renders the
 * same bytes and the same ETag.
 */
export function renderDataSchemaPdf(): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: 'County Data Store: data schema',
      Author: 'County Data Store',
      CreationDate: new Date(Date.UTC(2026, 0, 1)),
    },
  });
  const done = pdfBytes(doc);

  const bottom = () => doc.page.height - MARGIN - 20;
  const x = (column: number) => MARGIN + COLUMNS.slice(0, column).reduce((sum, c) => sum + c.width + GAP, 0);

  const header = () => {
    doc.font('Helvetica-Bold').fontSize(8).fillColor('#475569');
    const y = doc.y;
    COLUMNS.forEach((c, i) => doc.text(c.title, x(i), y, { width: c.width }));
    doc
      .moveTo(MARGIN, doc.y + 2)
      .lineTo(doc.page.width - MARGIN, doc.y + 2)
      .strokeColor('#cbd5e1')
      .stroke();
    doc.moveDown(0.6).fillColor('#0f172a');
  };

  doc.font('Helvetica-Bold').fontSize(20).text('County Data Store: data schema');
  doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#334155');
  doc.text(
    `Every county dataset is a gzip-compressed CSV file with one row per parcel and these ${DATA_FIELDS.length} columns, ` +
      'in this order. Field availability varies by county: what each county records, and makes public, differs, so ' +
      'some columns are empty for some counties. Money is in U.S. dollars; dates are YYYY-MM-DD; parcel identifiers ' +
      'are text, so leading zeros are kept.',
  );
  doc.moveDown(0.8);

  for (const { category, fields } of DATA_SCHEMA) {
    if (doc.y > bottom() - 60) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(13).fillColor('#1d4ed8').text(`${category} (${fields.length})`, MARGIN);
    doc.moveDown(0.3).fillColor('#0f172a');
    header();
    for (const field of fields) {
      const cells = [field.name, field.type, field.description];
      const height = Math.max(
        ...cells.map((text, i) =>
          doc.font(COLUMNS[i].font).fontSize(COLUMNS[i].size).heightOfString(text, { width: COLUMNS[i].width }),
        ),
      );
      if (doc.y + height > bottom()) {
        doc.addPage();
        header();
      }
      const y = doc.y;
      cells.forEach((text, i) =>
        doc.font(COLUMNS[i].font).fontSize(COLUMNS[i].size).text(text, x(i), y, { width: COLUMNS[i].width }),
      );
      doc.y = y + height + 3;
    }
    doc.moveDown(0.8);
  }

  // How each format carries the fields: the formats come from the shared contract, in its order.
  doc.addPage();
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor('#1d4ed8')
    .text('File formats: how each carries the fields', MARGIN);
  doc.moveDown(0.3).font('Helvetica').fontSize(9).fillColor('#334155');
  doc.text(
    `Every county file comes in ${DATASET_FORMATS.length} formats: ${DATASET_FORMATS.map((f) => f.name).join(', ')}. ` +
      'Pick one when you download; CSV is the default.',
  );
  doc.moveDown(0.4);
  for (const rule of FORMAT_RULES) doc.text(`\u2022 ${rule}`, { indent: 6 }).moveDown(0.2);
  doc.moveDown(0.5);
  for (const format of DATASET_FORMATS) {
    const note = FORMAT_NOTES[format.id];
    if (doc.y > bottom() - 110) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#0f172a').text(`${format.name} (${format.extension})`, MARGIN);
    doc.font('Helvetica').fontSize(9).fillColor('#334155');
    for (const [label, text] of [
      ['Types', note.types],
      ['Geometry', note.geometry],
      ['Notes', note.notes],
    ] as const) {
      doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(text);
    }
    doc.moveDown(0.6);
  }

  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(i);
    doc.font('Helvetica').fontSize(8).fillColor('#64748b');
    doc.text(`County Data Store data schema · page ${i + 1} of ${pages.count}`, MARGIN, doc.page.height - MARGIN + 10, {
      width: doc.page.width - 2 * MARGIN,
      align: 'center',
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}
