/**
 * A CAMT.053.001.08 day statement of the creditor's account, as a German savings bank exports it
 * (DK layout), for the SEPA e2e (issue 28): the collection's debits credited one by one (GVC 171,
 * IDDT/ESDD) and returned ones (GVC 109, IDDT/UPDD, RtrInf reason, the bank's fee in Chrgs),
 * built from a run's end-to-end ids and mandate references.
 */

export interface CamtCollected {
  endToEndId: string;
  mandateReference: string;
  amount: number;
  debtorName: string;
  debtorIban: string;
  remittance: string;
}

export interface CamtReturn extends CamtCollected {
  reasonCode: string;
  fee: number;
}

const money = (n: number) => n.toFixed(2);
const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function party(c: CamtCollected, creditor: string) {
  return `<RltdPties>
              <Dbtr><Pty><Nm>${escapeXml(c.debtorName)}</Nm></Pty></Dbtr>
              <DbtrAcct><Id><IBAN>${c.debtorIban}</IBAN></Id></DbtrAcct>
              <Cdtr><Pty><Nm>${escapeXml(creditor)}</Nm></Pty></Cdtr>
            </RltdPties>`;
}

export function camt053({
  account,
  creditor,
  bookedOn,
  collected,
  returned,
  unique,
}: {
  account: string;
  creditor: string;
  bookedOn: string;
  collected: CamtCollected[];
  returned: CamtReturn[];
  /** Makes the statement's and its bookings' references this test's own. */
  unique: string;
}): string {
  const credit = (c: CamtCollected, i: number) => `
      <Ntry>
        <Amt Ccy="EUR">${money(c.amount)}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${bookedOn}</Dt></BookgDt>
        <ValDt><Dt>${bookedOn}</Dt></ValDt>
        <AcctSvcrRef>${unique}C${i}</AcctSvcrRef>
        <BkTxCd>
          <Domn><Cd>PMNT</Cd><Fmly><Cd>IDDT</Cd><SubFmlyCd>ESDD</SubFmlyCd></Fmly></Domn>
          <Prtry><Cd>NDDT+171+00900+997</Cd><Issr>DK</Issr></Prtry>
        </BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs>
              <EndToEndId>${c.endToEndId}</EndToEndId>
              <MndtId>${c.mandateReference}</MndtId>
            </Refs>
            <Amt Ccy="EUR">${money(c.amount)}</Amt>
            <CdtDbtInd>CRDT</CdtDbtInd>
            ${party(c, creditor)}
            <RmtInf><Ustrd>${escapeXml(c.remittance)}</Ustrd></RmtInf>
          </TxDtls>
        </NtryDtls>
        <AddtlNtryInf>SEPA-LASTSCHRIFT EINZUG</AddtlNtryInf>
      </Ntry>`;
  const back = (r: CamtReturn, i: number) => `
      <Ntry>
        <Amt Ccy="EUR">${money(r.amount + r.fee)}</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${bookedOn}</Dt></BookgDt>
        <ValDt><Dt>${bookedOn}</Dt></ValDt>
        <AcctSvcrRef>${unique}R${i}</AcctSvcrRef>
        <BkTxCd>
          <Domn><Cd>PMNT</Cd><Fmly><Cd>IDDT</Cd><SubFmlyCd>UPDD</SubFmlyCd></Fmly></Domn>
          <Prtry><Cd>NDDT+109+00900+997</Cd><Issr>DK</Issr></Prtry>
        </BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs>
              <EndToEndId>${r.endToEndId}</EndToEndId>
              <MndtId>${r.mandateReference}</MndtId>
            </Refs>
            <Amt Ccy="EUR">${money(r.amount + r.fee)}</Amt>
            <CdtDbtInd>DBIT</CdtDbtInd>
            <AmtDtls>
              <InstdAmt><Amt Ccy="EUR">${money(r.amount)}</Amt></InstdAmt>
              <TxAmt><Amt Ccy="EUR">${money(r.amount + r.fee)}</Amt></TxAmt>
            </AmtDtls>
            <Chrgs>
              <TtlChrgsAndTaxAmt Ccy="EUR">${money(r.fee)}</TtlChrgsAndTaxAmt>
              <Rcrd>
                <Amt Ccy="EUR">${money(r.fee)}</Amt>
                <CdtDbtInd>DBIT</CdtDbtInd>
                <Tp><Prtry><Id>RUECKLASTSCHRIFTENTGELT</Id></Prtry></Tp>
              </Rcrd>
            </Chrgs>
            ${party(r, creditor)}
            <RmtInf><Ustrd>RUECKLASTSCHRIFT ${escapeXml(r.remittance)} ${r.reasonCode}</Ustrd></RmtInf>
            <RtrInf>
              <Rsn><Cd>${r.reasonCode}</Cd></Rsn>
            </RtrInf>
          </TxDtls>
        </NtryDtls>
        <AddtlNtryInf>RUECKLASTSCHRIFT</AddtlNtryInf>
      </Ntry>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr>
      <MsgId>CAMT053${unique}</MsgId>
      <CreDtTm>${bookedOn}T06:12:44.000+01:00</CreDtTm>
    </GrpHdr>
    <Stmt>
      <Id>${bookedOn}-${unique}</Id>
      <CreDtTm>${bookedOn}T06:12:44.000+01:00</CreDtTm>
      <Acct>
        <Id><IBAN>${account}</IBAN></Id>
        <Ccy>EUR</Ccy>
        <Ownr><Nm>${escapeXml(creditor)}</Nm></Ownr>
      </Acct>
      ${collected.map(credit).join("")}
      ${returned.map(back).join("")}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}
