// Picks the reporter for a --format.
'use strict';

const reporters = {
  table: require('./table'),
  md: require('./md'),
  json: require('./json')
};

function render(report, format, options = {}) {
  return reporters[format].render(report, options);
}

module.exports = { render, formats: Object.keys(reporters), wantColor: reporters.table.wantColor };
