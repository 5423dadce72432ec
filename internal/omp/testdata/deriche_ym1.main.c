#include <stdio.h>
void kernel(void);
extern double imgIn[20][30], yo[20][30]; extern double a1,a2,a3,a4,b1,b2;
int main(){ for(int i=0;i<20;i++)for(int j=0;j<30;j++)imgIn[i][j]=(i*7+j*3)%11/7.0;
 a1=0.3;a2=0.2;b1=0.1;b2=0.05; kernel(); double s=0; for(int i=0;i<20;i++)for(int j=0;j<30;j++) s+=yo[i][j]*(i+j+1); printf("%.12e\n",s);}
